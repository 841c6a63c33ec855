import Foundation
import Testing

/// The pinned diff cases, as `tessera diff` prints them in both forms (one batch and `--staged`),
/// with ids and changed fields.
@Suite("tessera diff: pinned records")
struct DiffRecordsTests {
    @Test("[0,1,2] → [1,2,0]: one move, with its id")
    func rotate() throws {
        let (old, new) = try writePair(#"{"sections":[{"id":"s","items":[{"id":0},{"id":1},{"id":2}]}]}"#, #"{"sections":[{"id":"s","items":[{"id":1},{"id":2},{"id":0}]}]}"#)
        try expectOutput(["diff", old, new], """
            {
              "sections": {"deleted": [], "inserted": [], "moved": [], "updated": []},
              "items": {
                "deleted": [],
                "inserted": [],
                "moved": [
                  [[0, 0], [0, 2]]
                ],
                "updated": []
              },
              "summary": {"deleted": 0, "inserted": 0, "moved": 1, "updated": 0, "sections": {"deleted": 0, "inserted": 0, "moved": 0, "updated": 0}},
              "changes": [
                {"op": "move", "id": 0, "from": [0, 0], "to": [0, 2]}
              ],
              "sectionChanges": []
            }

            """)
        // Every stage written out in full: the test checks the document byte for byte.
        try expectOutput(["diff", old, new, "--staged"], """
            {
              "stages": [
                {
                  "sections": {"deleted": [], "inserted": [], "moved": [], "updated": []},
                  "items": {
                    "deleted": [],
                    "inserted": [],
                    "moved": [
                      [[0, 0], [0, 2]]
                    ],
                    "updated": []
                  },
                  "summary": {"deleted": 0, "inserted": 0, "moved": 1, "updated": 0, "sections": {"deleted": 0, "inserted": 0, "moved": 0, "updated": 0}},
                  "changes": [
                    {"op": "move", "id": 0, "from": [0, 0], "to": [0, 2]}
                  ],
                  "sectionChanges": [],
                  "after": {
                    "sections": [
                      {
                        "id": "s",
                        "items": [
                          {"id": 1},
                          {"id": 2},
                          {"id": 0}
                        ]
                      }
                    ]
                  }
                }
              ]
            }

            """)
    }

    @Test("an update plus a move: one batch deletes and inserts; two stages update, then move")
    func updateAndMove() throws {
        let (old, new) = try writePair(#"{"sections":[{"id":"s","items":[{"id":0},{"id":1},{"id":2,"title":"two"}]}]}"#, #"{"sections":[{"id":"s","items":[{"id":2,"title":"Two"},{"id":0},{"id":1}]}]}"#)
        try expectOutput(["diff", old, new], """
            {
              "sections": {"deleted": [], "inserted": [], "moved": [], "updated": []},
              "items": {
                "deleted": [[0, 2]],
                "inserted": [[0, 0]],
                "moved": [],
                "updated": []
              },
              "summary": {"deleted": 1, "inserted": 1, "moved": 0, "updated": 0, "sections": {"deleted": 0, "inserted": 0, "moved": 0, "updated": 0}},
              "changes": [
                {"op": "delete", "id": 2, "at": [0, 2]},
                {"op": "insert", "id": 2, "at": [0, 0], "fields": ["title"]}
              ],
              "sectionChanges": []
            }

            """)
        // Every stage written out in full: the test checks the document byte for byte.
        try expectOutput(["diff", old, new, "--staged"], """
            {
              "stages": [
                {
                  "sections": {"deleted": [], "inserted": [], "moved": [], "updated": []},
                  "items": {
                    "deleted": [],
                    "inserted": [],
                    "moved": [],
                    "updated": [[0, 2]]
                  },
                  "summary": {"deleted": 0, "inserted": 0, "moved": 0, "updated": 1, "sections": {"deleted": 0, "inserted": 0, "moved": 0, "updated": 0}},
                  "changes": [
                    {"op": "update", "id": 2, "at": [0, 2], "fields": ["title"]}
                  ],
                  "sectionChanges": [],
                  "after": {
                    "sections": [
                      {
                        "id": "s",
                        "items": [
                          {"id": 0},
                          {"id": 1},
                          {"id": 2, "title": "Two"}
                        ]
                      }
                    ]
                  }
                },
                {
                  "sections": {"deleted": [], "inserted": [], "moved": [], "updated": []},
                  "items": {
                    "deleted": [],
                    "inserted": [],
                    "moved": [
                      [[0, 2], [0, 0]]
                    ],
                    "updated": []
                  },
                  "summary": {"deleted": 0, "inserted": 0, "moved": 1, "updated": 0, "sections": {"deleted": 0, "inserted": 0, "moved": 0, "updated": 0}},
                  "changes": [
                    {"op": "move", "id": 2, "from": [0, 2], "to": [0, 0]}
                  ],
                  "sectionChanges": [],
                  "after": {
                    "sections": [
                      {
                        "id": "s",
                        "items": [
                          {"id": 2, "title": "Two"},
                          {"id": 0},
                          {"id": 1}
                        ]
                      }
                    ]
                  }
                }
              ]
            }

            """)
    }

    @Test("a cross-section move out of a deleted section: an insert; the section delete covers the rest")
    func outOfDeletedSection() throws {
        let (old, new) = try writePair(#"{"sections":[{"id":"A","items":[{"id":1},{"id":2}]},{"id":"B","items":[{"id":3}]}]}"#, #"{"sections":[{"id":"B","items":[{"id":3},{"id":1}]}]}"#)
        try expectOutput(["diff", old, new], """
            {
              "sections": {"deleted": [0], "inserted": [], "moved": [], "updated": []},
              "items": {
                "deleted": [],
                "inserted": [[0, 1]],
                "moved": [],
                "updated": []
              },
              "summary": {"deleted": 0, "inserted": 1, "moved": 0, "updated": 0, "sections": {"deleted": 1, "inserted": 0, "moved": 0, "updated": 0}},
              "changes": [
                {"op": "insert", "id": 1, "at": [0, 1]}
              ],
              "sectionChanges": [
                {"op": "delete", "id": "A", "at": 0}
              ]
            }

            """)
        // Every stage written out in full: the test checks the document byte for byte.
        try expectOutput(["diff", old, new, "--staged"], """
            {
              "stages": [
                {
                  "sections": {"deleted": [0], "inserted": [], "moved": [], "updated": []},
                  "items": {
                    "deleted": [],
                    "inserted": [[0, 1]],
                    "moved": [],
                    "updated": []
                  },
                  "summary": {"deleted": 0, "inserted": 1, "moved": 0, "updated": 0, "sections": {"deleted": 1, "inserted": 0, "moved": 0, "updated": 0}},
                  "changes": [
                    {"op": "insert", "id": 1, "at": [0, 1]}
                  ],
                  "sectionChanges": [
                    {"op": "delete", "id": "A", "at": 0}
                  ],
                  "after": {
                    "sections": [
                      {
                        "id": "B",
                        "items": [
                          {"id": 3},
                          {"id": 1}
                        ]
                      }
                    ]
                  }
                }
              ]
            }

            """)
    }

    private func writePair(_ old: String, _ new: String) throws -> (String, String) {
        let folder = try temporaryDirectory()
        let a = folder.appendingPathComponent("old.json"), b = folder.appendingPathComponent("new.json")
        try Data(old.utf8).write(to: a)
        try Data(new.utf8).write(to: b)
        return (a.path, b.path)
    }

    private func expectOutput(_ arguments: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try runTessera(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)", sourceLocation: sourceLocation)
        #expect(outcome.stdout == expected, sourceLocation: sourceLocation)
    }
}
