import { Icon, type IconProps } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import {
  LuCombine,
  LuCrop,
  LuDroplets,
  LuEyeOff,
  LuFileArchive,
  LuFileImage,
  LuFileMinus,
  LuImageDown,
  LuImagePlay,
  LuImages,
  LuInfo,
  LuLayers,
  LuLayoutDashboard,
  LuLayoutGrid,
  LuListOrdered,
  LuLock,
  LuLockOpen,
  LuRotateCw,
  LuScissors,
  LuSignature,
  LuTextCursorInput,
} from "react-icons/lu";
import type { ToolIcon as ToolIconName } from "../../schema/tools";

const icons: Record<ToolIconName, IconType> = {
  merge: LuCombine,
  split: LuScissors,
  compress: LuFileArchive,
  "image-to-pdf": LuFileImage,
  image: LuImageDown,
  watermark: LuDroplets,
  rotate: LuRotateCw,
  unlock: LuLockOpen,
  protect: LuLock,
  organize: LuLayoutGrid,
  remove: LuFileMinus,
  numbers: LuListOrdered,
  crop: LuCrop,
  nup: LuLayoutDashboard,
  info: LuInfo,
  form: LuTextCursorInput,
  flatten: LuLayers,
  sign: LuSignature,
  redact: LuEyeOff,
  "pdf-to-image": LuImagePlay,
  "extract-images": LuImages,
};

export function ToolIcon({ name, ...props }: { name: ToolIconName } & IconProps) {
  const Glyph = icons[name];
  return (
    <Icon {...props}>
      <Glyph aria-hidden />
    </Icon>
  );
}
