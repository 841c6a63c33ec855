import Foundation

/// What a run replaced (the previous dataset, result, bytes), freed on a background thread
/// once the new frame is sent, so that tearing down a million items delays no picture.
final class Retired: @unchecked Sendable {
    private var values: [Any] = []

    func keep(_ value: Any?) { if let value { values.append(value) } }

    func free() {
        guard !values.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { self.values.removeAll() }
    }
}
