extension Dataset {
    /// 100 items with a repeating mix of sizes: what `run` lays out without `--data`, and
    /// `t.run` in a layout test without `data`.
    package static let generatedSample = Dataset.synthetic(count: 100) { i in
        Size(width: 100 + Double((i * 37) % 5) * 40, height: 80 + Double((i * 53) % 7) * 30)
    }
}
