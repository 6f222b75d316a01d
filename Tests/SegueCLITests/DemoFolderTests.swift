import TestSupport
import Testing

@testable import segue

/// The composition root finds the demo catalog's folder and hands it to the catalog.
@Suite struct DemoFolderTests {
    @Test func locatesTheDemoFolder() throws {
        // A development build: walk up from .build/release to Resources/demo.
        let found = DemoFolder.locate(executablePath: Fixtures.packageRoot + "/.build/release/segue")
        #expect(found?.hasSuffix("/Resources/demo") == true)
        #expect(found.map { Shell.readFile($0 + "/catalog.json") != nil } == true)
        // An installed one: <prefix>/bin/segue and <prefix>/share/segue/demo.
        let prefix = Shell.run("mktemp", ["-d"]).stdoutText.split(separator: "\n").first.map(String.init) ?? "/tmp"
        #expect(Shell.run("mkdir", ["-p", prefix + "/bin", prefix + "/share/segue/demo"]).exitCode == 0)
        #expect(Shell.run("cp", [Fixtures.packageRoot + "/Resources/demo/catalog.json", prefix + "/share/segue/demo/"]).exitCode == 0)
        let installed = DemoFolder.locate(executablePath: prefix + "/bin/segue")
        #expect(installed?.hasSuffix("/share/segue/demo") == true)
        #expect(installed.map { Shell.readFile($0 + "/catalog.json") != nil } == true)
        // Nothing anywhere above.
        #expect(DemoFolder.locate(executablePath: "/nonexistent/bin/segue") == nil)
        _ = Shell.run("rm", ["-rf", prefix])
    }
}
