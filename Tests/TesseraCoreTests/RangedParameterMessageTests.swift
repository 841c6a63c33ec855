import Testing
import OrderedCollections
@testable import TesseraCore

/// A built-in layout's parameter with a range names the whole range whether the value given is
/// not a number or a number outside it: `columns=three` learns what `columns=0` does.
@Suite struct RangedParameterMessageTests {
    /// The message `make` throws for `layout` given `params`, or nil.
    func message(_ layout: String, _ params: OrderedDictionary<String, JSONValue>,
                 style: LayoutParameters.Style = .parameter) -> String? {
        do { _ = try BuiltinLayouts.make(name: layout, params: params, style: style) } catch { return "\(error)" }
        return nil
    }

    @Test(arguments: [
        ("waterfall", "columns", JSONValue.string("three"), #"waterfall param 'columns' expects a whole number from 1 to 1,000, got "three""#),
        ("waterfall", "columns", .int(0), "waterfall param 'columns' expects a whole number from 1 to 1,000, got 0"),
        ("waterfall", "columns", .double(1.5), "waterfall param 'columns' expects a whole number from 1 to 1,000, got 1.5"),
        ("waterfall", "columns", .int(1001), "waterfall param 'columns' expects a whole number from 1 to 1,000, got 1001"),
        ("waterfall", "columns", .bool(true), "waterfall param 'columns' expects a whole number from 1 to 1,000, got true"),
        ("waterfall", "spacing", .string("wide"), #"waterfall param 'spacing' expects a finite number >= 0, got "wide""#),
        ("waterfall", "spacing", .int(-1), "waterfall param 'spacing' expects a finite number >= 0, got -1"),
        ("flow", "lineSpacing", .string("8px"), #"flow param 'lineSpacing' expects a finite number >= 0, got "8px""#),
        ("flow", "interitemSpacing", .double(-0.5), "flow param 'interitemSpacing' expects a finite number >= 0, got -0.5"),
        ("row", "spacing", .null, "row param 'spacing' expects a finite number >= 0, got null"),
        ("split", "splitSpacing", .string("x"), #"split param 'splitSpacing' expects a finite number >= 0, got "x""#),
        ("split", "minimumItemLineSpacing", .int(-3), "split param 'minimumItemLineSpacing' expects a finite number >= 0, got -3"),
    ])
    func aBadValueNamesTheWholeRange(layout: String, key: String, value: JSONValue, expected: String) {
        #expect(message(layout, [key: value]) == expected)
    }

    /// A Lua table's field says the same in Lua's words: "must be", the value's type.
    @Test(arguments: [
        ("waterfall", "columns", JSONValue.string("three"), "field 'columns' must be a whole number from 1 to 1,000, got string"),
        ("waterfall", "columns", .int(0), "field 'columns' must be a whole number from 1 to 1,000, got 0"),
        ("row", "spacing", .string("x"), "field 'spacing' must be a finite, non-negative number, got string"),
        ("row", "spacing", .int(-2), "field 'spacing' must be a finite, non-negative number, got -2"),
    ])
    func aLuaFieldNamesTheWholeRangeToo(layout: String, key: String, value: JSONValue, expected: String) {
        #expect(message(layout, [key: value], style: LayoutParameters.Style(naming: .field, indexBase: 1)) == expected)
    }

    /// Every built-in parameter with a range, given a word and a number below the range: the two
    /// messages expect the same, so no ranged parameter is left saying only "a number".
    @Test func everyRangedParameterExpectsTheSameOfAWordAndOfANumberOutOfRange() throws {
        var checked: [String] = []
        for layout in BuiltinLayouts.names {
            for parameter in try BuiltinLayouts.declaredParameters(of: layout) {
                guard let minimum = parameter.minimum else { continue }
                let word = message(layout, [parameter.name: "many"]), below = message(layout, [parameter.name: .double(minimum - 1)])
                #expect(word?.components(separatedBy: ", got ").first == below?.components(separatedBy: ", got ").first,
                        "\(layout).\(parameter.name): \(String(describing: word)) / \(String(describing: below))")
                checked.append("\(layout).\(parameter.name)")
            }
        }
        #expect(checked == ["flow.spacing", "flow.lineSpacing", "flow.interitemSpacing", "row.spacing", "waterfall.columns",
                            "waterfall.spacing", "split.splitSpacing", "split.minimumInterItemSpacing", "split.minimumItemLineSpacing"])
    }
}
