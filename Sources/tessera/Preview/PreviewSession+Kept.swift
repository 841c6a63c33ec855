import TesseraCore
import TesseraRender

// The good runs a page that missed saves animates from (see missedSavesAnimation): the newest,
// at most `keptGenerations` of them and at most `keptBytes` of storage between them.
extension PreviewSession {
    /// A good run as a page that missed the saves after it animates from it: its frames and
    /// what it was made of, and the storage they hold. All constants: `held` names storage by
    /// the address of the arrays `run` and `inputs` hold, so those must stay the arrays held (a
    /// changed copy would get a new buffer, and the old one's address could become another's).
    struct KeptGeneration {
        let generation: Int
        let run: LayoutRun
        let inputs: PlayedChange.Inputs
        let held: [HeldStorage]

        init(generation: Int, run: LayoutRun, inputs: PlayedChange.Inputs) {
            self.generation = generation; self.run = run; self.inputs = inputs
            held = HeldStorage.of(generation: generation, run: run, files: inputs.files)
        }
    }

    /// Keeps `newest` (the run just published) and lets go, into `retired`, of the oldest kept
    /// runs beyond the count or the budget.
    func keep(_ newest: KeptGeneration, retiring retired: Retired) {
        kept.append(newest)
        let keeping = HeldStorage.newestKept(kept.map(\.held), count: Self.keptGenerations, bytes: keptBudget)
        let dropped = kept.count - keeping
        guard dropped > 0 else { return }
        retired.keep(Array(kept.prefix(dropped)))
        kept.removeFirst(dropped)
    }
}

/// One piece of storage a kept run holds (its frames, its dataset, a file's bytes) and its size:
/// a run that reused the previous one's dataset or file bytes holds the same piece, which costs once.
struct HeldStorage: Equatable {
    /// What tells the piece apart while it is held: the address of its storage (frames, made anew
    /// by every run, by the run's generation instead, negated so as never to equal an address).
    /// An address is never reused while the count is taken: every piece counted belongs to a
    /// kept run (`KeptGeneration`), whose constants hold that storage alive from the moment its
    /// address is read, so two live buffers are told apart and one shared buffer counts once.
    var key: Int
    var bytes: Int

    /// What a run of `generation` holds: the frames of `run`'s items, its dataset, and `files`.
    /// Only a `KeptGeneration`, which holds them, reads these addresses.
    fileprivate static func of(generation: Int, run: LayoutRun, files: [String: [UInt8]]) -> [HeldStorage] {
        // Every result the preview lays out holds a frame per item (a spatial index besides).
        let frames = HeldStorage(key: -generation, bytes: run.result.count * MemoryLayout<Rect>.stride)
        let dataset = HeldStorage(key: address(run.dataset.widths), bytes: run.dataset.heldBytes)
        return [frames, dataset] + files.values.map { HeldStorage(key: address($0), bytes: $0.count) }
    }

    /// How many of the runs holding `held` (oldest first) are kept: the newest ones, at most
    /// `count`, whose storage comes to at most `bytes`, each piece counted once; the newest always.
    /// Stops at the first that does not fit: an older one would only serve a page older still.
    static func newestKept(_ held: [[HeldStorage]], count: Int, bytes: Int) -> Int {
        var seen = Set<Int>(), total = 0, kept = 0
        for pieces in held.reversed() where kept < count {
            for piece in pieces where seen.insert(piece.key).inserted { total += piece.bytes }
            if kept > 0 && total > bytes { break }
            kept += 1
        }
        return kept
    }

    private static func address<T>(_ array: [T]) -> Int {
        array.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    }
}
