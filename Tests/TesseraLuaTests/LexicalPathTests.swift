import Testing
@testable import TesseraLua

/// A path a test file names, joined to its folder, as messages show it: `.` and `name/..` taken
/// out by name, links left alone.
@Suite struct LexicalPathTests {
    @Test func dotsAndClimbsAreTakenOutByName() {
        let cases: [(String, String)] = [
            ("tests/../layouts/x.lua", "layouts/x.lua"),
            ("tests/./a/../../d.json", "d.json"),
            ("tests//x.lua", "tests/x.lua"),
            ("tests/..", "."),
            (".", "."),
            ("../layouts/x.lua", "../layouts/x.lua"),
            ("a/../../x.lua", "../x.lua"),
            ("../../x", "../../x"),
            ("/p/tests/../x.lua", "/p/x.lua"),
            ("/../x.lua", "/x.lua"),
            ("/", "/"),
        ]
        for (path, normalized) in cases {
            #expect(ScriptFiles.lexicallyNormalized(path) == normalized, "\(path)")
        }
    }
}
