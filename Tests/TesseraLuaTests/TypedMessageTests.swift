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

    /// The message of the error laying out the layout script `source` throws (nil if none): a
    /// script error's message, or a layout's own error (the CLI puts the script's place before it).
    func layoutError(_ source: String, in context: LayoutContext? = nil) -> String? {
        let path = folder.write("layout.lua", source)
        do {
            let host = try LuaHost()
            _ = try host.loadLayoutScript(path: path).configured().layout(context ?? self.context)
            return nil
        } catch let e as LuaScriptError { return e.message } catch { return "\(error)" }
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

    /// A table keyed by section id names a section by its id's text, so `["5"]` names the
    /// integer id 5; with both 5 and "5" in the data it would name two sections, which is refused.
    @Test func aKeyNamingTwoSectionsWhoseIdsDifferOnlyInTypeIsRefused() {
        func sections(_ ids: [ItemID]) -> LayoutContext {
            LayoutContext(dataset: Dataset(items: ids.indices.map { Item(id: .int($0)) },
                                           sections: ids.enumerated().map { .init(id: $1, range: $0..<($0 + 1)) }),
                          collectionSize: Size(width: 100, height: 200))
        }
        let twins = sections([.int(5), .string("s"), .string("5")])
        let twinsNamed = #"names section 1 (id 5) and section 3 (id "5") by the one key "5"; expected section ids whose text differs, or a function of (index, section)"#
        #expect(layoutError("local t = require('tessera')\nreturn t.sections{ sections = { ['5'] = t.flow{}, s = t.flow{} } }", in: twins)
                == "\(folder.path)/layout.lua:2: t.sections: field 'sections' " + twinsNamed)
        #expect(layoutError("""
        local t = require('tessera')
        local one = t.section{ group = t.hgroup{ items = { t.item{} } } }
        return t.compositional{ sections = { ['5'] = one, s = one } }
        """, in: twins) == "\(folder.path)/layout.lua:3: t.compositional: field 'sections' " + twinsNamed)
        #expect(layoutError("return require('tessera').split{ side = { ['5'] = 'left' } }", in: twins)
                == "\(folder.path)/layout.lua:1: split param 'side' " + twinsNamed)
        #expect(layoutError("return require('tessera').split{ sections = { ['5'] = { minimumInterItemSpacing = 2 } } }", in: twins)
                == "\(folder.path)/layout.lua:1: split param 'sections' " + twinsNamed)
        // One of the two, or a key that is no integer's text, names one section: laid out.
        for ids: [ItemID] in [[.int(5), .string("s")], [.string("5"), .string("s")], [.int(5), .string("05")]] {
            #expect(layoutError("local t = require('tessera')\nreturn t.sections{ sections = { ['5'] = t.flow{}, s = t.flow{}, ['05'] = t.flow{} } }",
                                in: sections(ids)) == nil, "\(ids)")
            #expect(layoutError("return require('tessera').split{ side = { ['5'] = 'left' } }", in: sections(ids)) == nil, "\(ids)")
        }
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
