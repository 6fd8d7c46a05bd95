import { useMutation } from "@tanstack/react-query";
import type { FormFieldsAnswer } from "../../../schema/form-options";
import { apiErrorOf, apiRequest } from "../../api/client";
import { inspectOnDevice } from "../../device/client";
import { isDeviceMode } from "../../device/mode";

export const FORM_FIELDS_PATH = "/api/form-fields";
export const FILL_FORM_PATH = "/api/convert/fill-form";

/** POST /api/form-fields: the fields of a PDF's form and where they show (not counted as a conversion). */
export async function readFormFields(file: File, password?: string, signal?: AbortSignal): Promise<FormFieldsAnswer> {
  const body = new FormData();
  body.append("files", file, file.name);
  if (password !== undefined) body.append("password", password);
  const answer = (
    isDeviceMode()
      ? await inspectOnDevice("form-fields", file, password === undefined ? {} : { password }, { signal })
      : await requestFields(body, signal)
  ) as Partial<FormFieldsAnswer>;
  if (!answer || !Array.isArray(answer.fields)) throw new Error("The form could not be read.");
  return { pageCount: Number(answer.pageCount) || 0, fields: answer.fields };
}

async function requestFields(body: FormData, signal?: AbortSignal): Promise<unknown> {
  const res = await apiRequest(FORM_FIELDS_PATH, { method: "POST", body, auth: true, signal });
  if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? `Upload failed: ${a.statusText}`);
  return res.json();
}

export function useFormFields() {
  return useMutation({
    mutationFn: ({ file, password, signal }: { file: File; password?: string; signal?: AbortSignal }) =>
      readFormFields(file, password, signal),
  });
}
