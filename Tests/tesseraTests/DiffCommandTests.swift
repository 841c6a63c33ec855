import Foundation
import Testing
@testable import TesseraCore

private let consecutivePairs = [
    ("emoji-13.0.json", "emoji-15.0.json"),
    ("emoji-15.0.json", "emoji-15.1.json"),
    ("emoji-15.1.json", "emoji-17.0.json"),
    ("appstream-bookworm.json", "appstream-trixie.json"),
]

/// Writes `text` into a fresh temporary folder as `name` and returns its path.
private func writeTemporary(_ name: String, _ text: String) throws -> String {
    let url = try temporaryDirectory().appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

@Suite("tessera diff")
struct DiffCommandTests {
    @Test("the JSON batch applied to OLD gives NEW exactly: ids, order, sections and updated flags",
          arguments: consecutivePairs)
    func realPairs(oldName: String, newName: String) throws {
        let outcome = try runTessera(["diff", "datasets/\(oldName)", "datasets/\(newName)", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty)
        let batch = try Changeset(json: JSONParser.parse(outcome.stdout))

        let old = try DatasetLoader.load(path: repositoryRoot.appendingPathComponent("datasets/\(oldName)").path)
        let new = try DatasetLoader.load(path: repositoryRoot.appendingPathComponent("datasets/\(newName)").path)
        let oldSnapshot = try DatasetDiff.snapshot(of: old), newSnapshot = try DatasetDiff.snapshot(of: new)
        let result = try batch.apply(to: oldSnapshot, insertingFrom: newSnapshot)
        // Ids, order and sections.
        #expect(result.sectionIdentifiers == newSnapshot.sectionIdentifiers)
        #expect(result.itemIdentifiers == newSnapshot.itemIdentifiers)
        for section in newSnapshot.sectionIdentifiers {
            #expect(try result.itemIdentifiers(inSection: section) == newSnapshot.itemIdentifiers(inSection: section))
        }
        // Updated flags: every item the batch carried over from OLD (not inserted, not inside an
        // inserted section) is flagged exactly when one of its fields changed.
        var arrived = Set(batch.itemsInserted.map { newSnapshot.itemIdentifier(at: $0)! })
        for s in batch.sectionsInserted {
            arrived.formUnion(try newSnapshot.itemIdentifiers(inSection: newSnapshot.sectionIdentifiers[s]))
        }
        let flagged = Set(result.reloadedItemIdentifiers)
        var carried = 0, changed = 0
        for (k, key) in newSnapshot.itemIdentifiers.enumerated() where !arrived.contains(key) {
            let p = oldSnapshot.indexOfItem(key)!
            let oldSection = old.sections[old.sectionIndex(containing: p)].id
            let newSection = new.sections[new.sectionIndex(containing: k)].id
            let differs = DatasetDiff.itemChanged(old.items[p], inSection: oldSection, new.items[k], inSection: newSection)
            #expect(flagged.contains(key) == differs, "\(key)")
            carried += 1
            if differs { changed += 1 }
        }
        #expect(carried > 1000)
        #expect(flagged.count == changed)
        #expect(batch.itemsUpdated.count == changed)
        // Section flags: exactly the kept sections whose own fields changed.
        for (j, key) in newSnapshot.sectionIdentifiers.enumerated() {
            guard let i = oldSnapshot.indexOfSection(key) else { continue }
            let differs = old.sections[i].fields != new.sections[j].fields
            #expect(result.reloadedSectionIdentifiers.contains(key) == differs)
        }
    }

    @Test("emoji 15.1 -> 17.0: every update names exactly the fields that differ between the two items")
    func changedFieldsOfRealUpdates() throws {
        let outcome = try runTessera(["diff", "datasets/emoji-15.1.json", "datasets/emoji-17.0.json", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        guard case .object(let root) = try JSONParser.parse(outcome.stdout), case .array(let changes)? = root["changes"] else {
            Issue.record("no changes list")
            return
        }
        let old = try DatasetLoader.load(path: repositoryRoot.appendingPathComponent("datasets/emoji-15.1.json").path)
        let new = try DatasetLoader.load(path: repositoryRoot.appendingPathComponent("datasets/emoji-17.0.json").path)
        var updates = 0
        for case .object(let record) in changes where record["op"] == .string("update") {
            guard case .string(let id)? = record["id"], case .array(let fields)? = record["fields"],
                  let a = old.items.first(where: { $0.id == .string(id) }), let b = new.items.first(where: { $0.id == .string(id) })
            else {
                Issue.record("bad update record \(record)")
                continue
            }
            let keys = Set(a.fields.keys).union(b.fields.keys).subtracting(["id"])
            let differing = keys.filter { a.fields[$0] != b.fields[$0] }
            #expect(Set(fields.compactMap { if case .string(let s) = $0 { s } else { nil } }) == differing, "\(id)")
            #expect(!differing.isEmpty)
            updates += 1
        }
        guard case .object(let summary)? = root["summary"], case .int(let updated)? = summary["updated"] else { return }
        #expect(updates == updated && updates >= 1)
    }

    @Test("a small pair prints the exact JSON shape")
    func exactJSON() throws {
        let old = try writeTemporary("old.json", #"""
            {"sections": [
              {"id": "A", "title": "First", "items": [{"id": 1, "v": 1}, {"id": 2}, {"id": 3}]},
              {"id": "B", "items": [{"id": 4}, {"id": 5}]},
              {"id": "C", "items": [{"id": 6}]}
            ]}
            """#)
        let new = try writeTemporary("new.json", #"""
            {"sections": [
              {"id": "N", "items": [{"id": 9}, {"id": 6}]},
              {"id": "A", "title": "First", "items": [{"id": 3}, {"id": 1, "v": 2}, {"id": 4}]},
              {"id": "B", "items": [{"id": 5}, {"id": 7}]}
            ]}
            """#)
        let outcome = try runTessera(["diff", old, new])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == """
            {
              "sections": {"deleted": [2], "inserted": [0], "moved": [], "updated": []},
              "items": {
                "deleted": [[0, 1]],
                "inserted": [[2, 1]],
                "moved": [
                  [[0, 2], [1, 0]],
                  [[1, 0], [1, 2]]
                ],
                "updated": [[0, 0]]
              },
              "summary": {"deleted": 1, "inserted": 1, "moved": 2, "updated": 1, "sections": {"deleted": 1, "inserted": 1, "moved": 0, "updated": 0}},
              "changes": [
                {"op": "move", "id": 3, "from": [0, 2], "to": [1, 0]},
                {"op": "move", "id": 4, "from": [1, 0], "to": [1, 2]},
                {"op": "update", "id": 1, "at": [0, 0], "fields": ["v"]},
                {"op": "delete", "id": 2, "at": [0, 1]},
                {"op": "insert", "id": 7, "at": [2, 1]}
              ],
              "sectionChanges": [
                {"op": "delete", "id": "C", "at": 2},
                {"op": "insert", "id": "N", "at": 0}
              ]
            }

            """)
    }

    @Test("a file without sections is one section with the id 0: against another id it is replaced, against 0 nothing changes")
    func unsectionedFileIsSectionZero() throws {
        let bare = try writeTemporary("bare.json", #"[{"id": "a"}, {"id": "b"}]"#)
        let lines = try writeTemporary("flat.jsonl", "{\"id\": \"a\"}\n{\"id\": \"b\"}\n")
        let named = try writeTemporary("named.json", #"{"sections": [{"id": "s0", "items": [{"id": "a"}, {"id": "b"}]}]}"#)
        let unnamed = try writeTemporary("unnamed.json", #"{"sections": [{"items": [{"id": "a"}, {"id": "b"}]}]}"#)
        let zero = try writeTemporary("zero.json", #"{"sections": [{"id": 0, "items": [{"id": "a"}, {"id": "b"}]}]}"#)
        for old in [bare, lines] {
            let replaced = try runTessera(["diff", old, named])
            #expect(replaced.status == 0, "\(replaced.stderr)")
            #expect(replaced.stdout == """
                {
                  "sections": {"deleted": [0], "inserted": [0], "moved": [], "updated": []},
                  "items": {"deleted": [], "inserted": [], "moved": [], "updated": []},
                  "summary": {"deleted": 0, "inserted": 0, "moved": 0, "updated": 0, "sections": {"deleted": 1, "inserted": 1, "moved": 0, "updated": 0}},
                  "changes": [],
                  "sectionChanges": [
                    {"op": "delete", "id": 0, "at": 0},
                    {"op": "insert", "id": "s0", "at": 0}
                  ]
                }

                """)
            for same in [unnamed, zero] {
                let kept = try runTessera(["diff", old, same])
                #expect(kept.status == 0 && kept.stdout.contains(#""sectionChanges": []"#) && kept.stdout.contains(#""changes": []"#),
                        "\(kept.stdout)\(kept.stderr)")
            }
        }
    }

    @Test("text: totals, a row per section, the first changes with their ids")
    func text() throws {
        let outcome = try runTessera(["diff", "datasets/emoji-15.0.json", "datasets/emoji-15.1.json", "--format", "text"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "datasets/emoji-15.0.json -> datasets/emoji-15.1.json")
        #expect(lines[1] == "sections: 9 -> 9: 0 deleted, 0 inserted, 0 moved, 0 updated")
        // One item (1F46A) both moved and updated: deleted and inserted in the one batch.
        #expect(lines[2] == "items: 1870 -> 1898: 1 deleted, 29 inserted, 0 moved, 1 updated")
        #expect(lines[3].hasPrefix("apply as: one batch (an item both moved and updated is deleted and inserted, and so is a section moved with changes inside or updated among other changes), or 2 stages with --staged"))
        #expect(lines.contains { $0.hasPrefix("section ") && $0.contains("moved within") })
        #expect(lines.contains { $0.hasPrefix("\"smileys-emotion\"") })
        #expect(lines.contains("inserted items (first 5 of 29):"))
        #expect(lines.contains("updated items:"))
        #expect(lines.contains { $0.hasPrefix("  [8, 239] \"1F1F9-1F1F7\": ") })
    }

    @Test("text: counts agree with their nouns (1 section, 1 item, 1 stage; 2 items)")
    func singularAndPlural() throws {
        let old = try writeTemporary("old.json", #"{"items": [{"id": "a"}]}"#)
        let new = try writeTemporary("new.json", #"{"items": [{"id": "b"}, {"id": "c"}]}"#)
        let outcome = try runTessera(["diff", old, new, "--format", "text", "--staged"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("apply as: one batch (an item both moved and updated is deleted and inserted, and so is a section moved with changes inside or updated among other changes), or 1 stage with --staged;") })
        #expect(lines.contains("  1. 1 item deleted, 2 items inserted; leaves 1 section, 2 items"), "\(lines)")
    }

    @Test("text: a section deleted and inserted whole (moved and retitled) has an inserted row and a deleted row")
    func replacedSectionRows() throws {
        let old = try writeTemporary("old.json", #"{"sections": [{"id": "A", "items": [{"id": 1}]}, {"id": "B", "title": "b", "items": [{"id": 2}, {"id": 3}]}]}"#)
        let new = try writeTemporary("new.json", #"{"sections": [{"id": "B", "title": "b!", "items": [{"id": 2}, {"id": 3}]}, {"id": "A", "items": [{"id": 1}]}]}"#)
        let outcome = try runTessera(["diff", old, new, "--format", "text"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "sections: 2 -> 2: 1 deleted, 1 inserted, 0 moved, 0 updated")
        #expect(Array(lines[5...8]) == [
            "section          items  deleted  inserted  moved within  moved in  moved out  updated",
            "\"B\" (inserted)  - -> 2                  2                                            ",
            "\"A\" (was 0)     1 -> 1        0         0             0         0          0        0",
            "\"B\" (deleted)   2 -> -        2                                                      ",
        ], "\(lines)")
    }

    @Test("text: an item moved inside its section counts as moved within; one moved to another section as moved out and in")
    func movedItemRows() throws {
        let old = try writeTemporary("old.json", #"{"sections": [{"id": "A", "items": [{"id": 1}, {"id": 2}, {"id": 3}]}, {"id": "C", "items": [{"id": 6}, {"id": 7}]}]}"#)
        let new = try writeTemporary("new.json", #"{"sections": [{"id": "A", "items": [{"id": 3}, {"id": 1}, {"id": 2}, {"id": 6}]}, {"id": "C", "items": [{"id": 7}]}]}"#)
        let outcome = try runTessera(["diff", old, new, "--format", "text"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[2] == "items: 5 -> 5: 0 deleted, 0 inserted, 2 moved, 0 updated")
        #expect(Array(lines[5...]) == [
            "section   items  deleted  inserted  moved within  moved in  moved out  updated",
            "\"A\"      3 -> 4        0         0             1         1          0        0",
            "\"C\"      2 -> 1        0         0             0         0          1        0",
            "", "moved items:", "  [0, 2] -> [0, 0] 3", "  [1, 0] -> [0, 3] 6", "",
        ], "\(lines)")
    }

    @Test("text: a section whose fields alone changed is listed with the fields")
    func updatedSectionFields() throws {
        let old = try writeTemporary("old.json", #"{"sections": [{"id": "A", "title": "a", "items": [{"id": 1}]}, {"id": "B", "items": [{"id": 2}]}]}"#)
        let new = try writeTemporary("new.json", #"{"sections": [{"id": "A", "title": "a!", "items": [{"id": 1}]}, {"id": "B", "items": [{"id": 2}]}]}"#)
        let outcome = try runTessera(["diff", old, new, "--format", "text"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "sections: 2 -> 2: 0 deleted, 0 inserted, 0 moved, 1 updated")
        #expect(Array(lines[9...]) == ["updated sections:", "  0 \"A\": title", ""], "\(lines)")
    }

    @Test("text: ids are written as messages write them, so the integer 0 and the string \"0\" read apart")
    func integerAndStringIdsReadApart() throws {
        let old = try writeTemporary("old.json", #"{"sections": [{"id": 0, "items": [{"id": 0}, {"id": "0"}]}, {"id": "0", "items": [{"id": 1}]}]}"#)
        let new = try writeTemporary("new.json", #"{"sections": [{"id": 0, "items": [{"id": 1}]}]}"#)
        let outcome = try runTessera(["diff", old, new, "--format", "text"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines[5...7]) == [
            "section         items  deleted  inserted  moved within  moved in  moved out  updated",
            "0              2 -> 1        2         1             0         0          0        0",
            "\"0\" (deleted)  1 -> -        1                                                      ",
        ], "\(lines)")
        #expect(Array(lines.drop { $0 != "deleted sections:" }.prefix(8)) == [
            "deleted sections:", "  1 \"0\"", "deleted items:", "  [0, 0] 0", "  [0, 1] \"0\"",
            "inserted items:", "  [0, 0] 1", "",
        ], "\(lines)")
    }

    @Test("text: an id that is not one plain word is quoted, so it cannot pass for two ids or break a line")
    func oddIdsAreQuoted() throws {
        let old = try writeTemporary("old.json", #"{"sections": [{"id": "s 1", "items": [{"id": "a b"}, {"id": ""}, {"id": "c\nd"}, {"id": 5}]}]}"#)
        let new = try writeTemporary("new.json", #"{"sections": [{"id": "s 1", "items": [{"id": "x"}]}]}"#)
        let outcome = try runTessera(["diff", old, new, "--format", "text"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("\"s 1\"  ") }, "\(lines)")
        #expect(Array(lines.drop { $0 != "deleted items:" }.prefix(7)) == [
            "deleted items:", "  [0, 0] \"a b\"", "  [0, 1] \"\"", "  [0, 2] \"c\\nd\"", "  [0, 3] 5",
            "inserted items:", "  [0, 0] \"x\"",
        ], "\(lines)")
    }

    @Test("bad input: one sentence on stderr naming the file, non-zero exit, nothing on stdout")
    func errors() throws {
        let missing = try runTessera(["diff", "datasets/nope.json", "datasets/emoji-13.0.json"])
        #expect(missing.status != 0)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("datasets/nope.json"))
        #expect(missing.stderr.split(separator: "\n").count == 1)

        let duplicated = try writeTemporary("dup.json", #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "a"}]}"#)
        let dup = try runTessera(["diff", duplicated, "datasets/emoji-13.0.json"])
        #expect(dup.status != 0)
        #expect(dup.stdout.isEmpty)
        #expect(dup.stderr.contains(duplicated) && dup.stderr.contains("\"a\""))
        #expect(dup.stderr.split(separator: "\n").count == 1)

        let bad = try runTessera(["diff", "datasets/emoji-13.0.json", "datasets/emoji-15.0.json", "--format", "svg"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--format"))
    }

    @Test("--duplicates pairInOrder pairs repeats in order instead of failing")
    func pairInOrder() throws {
        let old = try writeTemporary("old.json", #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "a"}]}"#)
        let new = try writeTemporary("new.json", #"{"items": [{"id": "b"}, {"id": "a"}]}"#)
        #expect(try runTessera(["diff", old, new]).status != 0)
        let outcome = try runTessera(["diff", old, new, "--duplicates", "pairInOrder"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let batch = try Changeset(json: JSONParser.parse(outcome.stdout))
        // The first "a" stays first in order of pairing: b moves before it, the second "a" goes.
        #expect(batch == Changeset(itemsDeleted: [ItemPath(section: 0, item: 2)],
                                   itemsMoved: [IndexMove(source: ItemPath(section: 0, item: 1), target: ItemPath(section: 0, item: 0))]))
    }
}
