import { pageTitle } from "@upwatch/core";
import type { MetaDescriptor } from "react-router";

/** The title of an app screen; app screens are private and never indexed. */
export function appMeta(title: string): MetaDescriptor[] {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}
