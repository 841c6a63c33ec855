import TesseraCore
import TesseraLua

/// Runs a Lua layout script on a dataset; a broken script or parameter comes back as the
/// one-sentence error the `tessera` command would print, never as frames of zero.
public func runScript(path: String, params: OrderedDictionary<String, JSONValue>, dataset: Dataset) -> String {
    do {
        let host = try LuaHost()                               // one host per thread
        let layout = try host.loadLayoutScript(path: path).configured(params)
        let result = try layout.layout(LayoutContext(dataset: dataset))
        return "\(result.count) items in \(result.contentSize)"
    } catch let error as any TesseraError {
        return "\(error.errorKind) error: \(error)"            // file:line: what, then a traceback
    } catch {
        return "unexpected error: \(error)"
    }
}
