import TesseraCore

extension LayoutCheck {
    /// Checks any layout's result; an analytic script's frames and `visible` are read through
    /// its checked queries, so a script error there is thrown (`LuaScriptError`) and its
    /// `visible` answers are compared with its frames.
    /// - Complexity: that of `init(result:frame:visible:)`.
    public init(checking result: any LayoutResult) throws {
        if let analytic = result as? ScriptedAnalyticResult {
            try self.init(result: result, frame: analytic.checkedFrame(at:), visible: analytic.checkedVisible(in:))
        } else {
            try self.init(result: result)
        }
    }
}
