import Testing
@testable import tessera

/// The line under the preview's address names every file a save of which runs the preview
/// again: the script, the data, the animator's file, and the modules only when a script
/// is there to require them.
@Suite struct PreviewWatchingLineTests {
    @Test func theLineListsTheScriptTheDataAndTheAnimatorFile() {
        #expect(watchingLine(layoutFile: "layouts/appstore.lua", dataPath: "datasets/appstream-bookworm.json", animatorFile: nil, mode: "inotify")
                == "watching layouts/appstore.lua, datasets/appstream-bookworm.json and the modules the script requires (inotify); Ctrl-C stops")
        #expect(watchingLine(layoutFile: "out/list.lua", dataPath: "d.json", animatorFile: "out/pop.lua", mode: "poll")
                == "watching out/list.lua, d.json, out/pop.lua and the modules the scripts require (poll); Ctrl-C stops")
        #expect(watchingLine(layoutFile: nil, dataPath: "datasets/emoji-15.1.json", animatorFile: "out/pop.lua", mode: "inotify")
                == "watching datasets/emoji-15.1.json, out/pop.lua and the modules the script requires (inotify); Ctrl-C stops")
        // A built-in layout with a built-in animator (or none): only the data, no modules.
        #expect(watchingLine(layoutFile: nil, dataPath: "datasets/emoji-15.1.json", animatorFile: nil, mode: "inotify")
                == "watching datasets/emoji-15.1.json (inotify); Ctrl-C stops")
    }

    /// Without --data the generated items have no file: the script alone (and its modules), or,
    /// for a built-in layout, no file at all, which the line says rather than listing nothing.
    @Test func withoutADataFileTheLineListsTheRest() {
        #expect(watchingLine(layoutFile: "layouts/waterfall.lua", dataPath: nil, animatorFile: nil, mode: "inotify")
                == "watching layouts/waterfall.lua and the modules the script requires (inotify); Ctrl-C stops")
        #expect(watchingLine(layoutFile: nil, dataPath: nil, animatorFile: "out/pop.lua", mode: "poll")
                == "watching out/pop.lua and the modules the script requires (poll); Ctrl-C stops")
        for mode in ["inotify", nil] {
            #expect(watchingLine(layoutFile: nil, dataPath: nil, animatorFile: nil, mode: mode)
                    == "watching no files: a built-in layout on 100 generated items; Ctrl-C stops")
        }
    }

    /// A watcher whose thread could not start watches nothing, and the line says so.
    @Test(arguments: [false, true]) func aWatcherWithNoThreadSaysSavesWillNotShow(poll: Bool) {
        let watcher = FileWatcher(poll: poll, startThread: { _ in false }) { _ in Issue.record("a watcher with no thread reported a change") }
        watcher.watch(["datasets/emoji-15.1.json"])
        #expect(!watcher.watching)
        #expect(watchingLine(layoutFile: "out/list.lua", dataPath: "d.json", animatorFile: nil, mode: nil)
                == "not watching out/list.lua, d.json and the modules the script requires: no thread could be started "
                + "for the file watcher, so saves will not show until tessera preview is started again; Ctrl-C stops")
    }
}
