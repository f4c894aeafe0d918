export { existingSecureVariableNames, loadSecureValues } from "../../records/load-secure-values.ts";
