import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { segmentGroupAnatomy } from "@chakra-ui/react/anatomy";

const config = defineConfig({
  globalCss: {
    "html, body": { minHeight: "100%" },
    body: { bg: "bg", color: "fg" },
    // A canvas's text takes the element's direction: pdf.js draws a page's text a run at a time
    // from each run's start, so in Arabic every run was drawn leftwards of its place ("The qu ick
    // b row n fox"). Pages are paper: they read the same in every language.
    canvas: { direction: "ltr" },
    // Who asks their system for less motion gets none: animations and transitions end at once
    // (their end events still fire, so dialogs, menus and toasts open and close as before).
    "*, *::before, *::after": {
      _motionReduce: {
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
        transitionDuration: "0.01ms !important",
        scrollBehavior: "auto !important",
      },
    },
  },
  theme: {
    slotRecipes: {
      // Every segmented choice (format, resolution, pages, a link's lifetime): the chosen one is
      // filled with the brand's red with white, bold words (4.8:1 in both themes); Chakra's own
      // was a white or grey pill on grey, hard to tell apart, in the dark most.
      segmentGroup: {
        slots: segmentGroupAnatomy.keys(),
        base: {
          root: {
            "--segment-indicator-bg": { _light: "colors.brand.solid", _dark: "colors.brand.solid" },
            borderWidth: "1px",
            borderColor: "border",
          },
          item: {
            _checked: { color: "brand.contrast", fontWeight: "semibold" },
            "&[data-state=checked][data-ssr]": { bg: "brand.solid" },
          },
        },
      },
    },
    tokens: {
      fonts: {
        // 'Inter Fallback' (web/theme/fonts.css) draws the text until Inter has loaded.
        heading: {
          value: "'Inter Variable', 'Inter Fallback', Inter, system-ui, -apple-system, 'Segoe UI', sans-serif",
        },
        body: { value: "'Inter Variable', 'Inter Fallback', Inter, system-ui, -apple-system, 'Segoe UI', sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          // red.600 in both: white text on red.500 is 3.8:1, under the 4.5:1 body text needs.
          solid: { value: "{colors.red.600}" },
          contrast: { value: "white" },
          fg: { value: { _light: "{colors.red.700}", _dark: "{colors.red.300}" } },
          muted: { value: { _light: "{colors.red.100}", _dark: "{colors.red.900}" } },
          subtle: { value: { _light: "{colors.red.50}", _dark: "{colors.red.950}" } },
          emphasized: { value: { _light: "{colors.red.200}", _dark: "{colors.red.800}" } },
          focusRing: { value: "{colors.red.500}" },
        },
        surface: { value: { _light: "white", _dark: "{colors.gray.900}" } },
        page: { value: { _light: "{colors.gray.50}", _dark: "{colors.gray.950}" } },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
