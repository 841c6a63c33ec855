import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// Messages reached only at layout time, without a host service, or by an unusual value, pinned
/// word for word: each is built by one of the typed helpers of `LuaArguments+Messages.swift`
/// (no host function writes its message as free text).
@Suite struct TypedMessageTests {
    let folder = ScriptFolder()

    /// Two sections, `photos` (items 0, 1) and `people` (item 2).
    let context = LayoutContext(
        dataset: Dataset(items: (0..<3).map { Item(id: .int($0)) },
                         sections: [.init(id: .string("photos"), range: 0..<2), .init(id: .string("people"), range: 2..<3)]),
        collectionSize: Size(width: 100, height: 200))

    /// The message of the error laying out the layout script `source` throws (nil if none).
    func layoutError(_ source: String) -> String? {
        let path = folder.write("layout.lua", source)
        return scriptError {
            let host = try LuaHost()
            _ = try host.loadLayoutScript(path: path).configured().layout(context)
        }?.message
    }

    /// The message of the error running `source` (with `t`) throws (nil if none).
    func runError(_ source: String) -> String? {
        scriptError { _ = try evaluate("local t = require('tessera')\n" + source, chunkName: "=test") }?.message
    }

    @Test func aSectionWithoutALayoutOrAnEntryIsNamedByPositionOrId() {
        #expect(layoutError("return require('tessera').sections{ sections = { require('tessera').flow{} } }")
                == "t.sections: field 'sections' has no layout for section 2 and there is no default")
        #expect(layoutError("return require('tessera').sections{ sections = { photos = require('tessera').flow{} } }")
                == "t.sections: field 'sections' has no layout for section \"people\" and there is no default")
        #expect(layoutError("""
        local t = require('tessera')
        return t.compositional{ sections = { t.section{ group = t.hgroup{ items = { t.item{} } } } } }
        """) == "\(folder.path)/layout.lua:2: t.compositional: field 'sections' has no entry for section 2 (id \"people\")")
    }

    /// A section id key in a path is quoted as every message quotes a user's text, so a key with
    /// a space or a dot cannot read as a longer path.
    @Test func aSectionKeyInAPathIsQuotedAsAnId() {
        #expect(runError("return t.sections{ sections = { ['a b'] = 3 } }")
                == #"test:2: t.sections: sections["a b"] must be a layout (a t.* value or a script table with simpleLayout), got number"#)
        #expect(runError("return t.compositional{ sections = { ['a.b'] = 3 } }")
                == #"test:2: t.compositional: field 'sections'["a.b"] must be a t.section{}, got number"#)
    }

    @Test func showWithoutAPictureRendererSaysSo() {
        #expect(runError("local e = t.engine{}\ne:show()") == "test:3: engine:show: no picture renderer is set (LuaHost.pictures)")
    }

    @Test func diffSidesWithAnArrayItemOrAKeyThatIsNotAString() {
        #expect(runError("return t.diff({ {1, 2} }, {})") == "test:2: t.diff: old[1] must be a table of named fields, got an array")
        #expect(runError("return t.diff({ sections = { {id = 'a', [true] = 1, items = {}} } }, {})")
                == "test:2: t.diff: old.sections[1] must be a table of named fields, got a key that is not a string")
    }
}
