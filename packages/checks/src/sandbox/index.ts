export { closeScriptSandbox, runScript, scriptSyntaxProblem } from "./script-sandbox.ts";
export {
  SCRIPT_LIMITS,
  SCRIPT_MESSAGES,
  type ScriptInput,
  type ScriptOutcome,
  type ScriptResponse,
} from "./script-types.ts";
