import { installContractHooks } from "../../harness/contract-hooks";

jest.setTimeout(3 * 60 * 1000);
installContractHooks();
