export { existingSecureVariableNames, loadSecureValues } from "./load-secure-values.ts";
