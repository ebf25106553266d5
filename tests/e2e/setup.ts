import { installContractHooks } from "../../harness/contract-hooks";

// The e2e tier drives the real engine: a cold engine build alone can take minutes.
jest.setTimeout(15 * 60 * 1000);
installContractHooks();
