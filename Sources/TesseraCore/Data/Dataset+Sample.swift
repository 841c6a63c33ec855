extension Dataset {
    /// What the generated sample is called wherever a dataset is named (help texts, `check`'s
    /// line, `run --format text`, the preview's frames): it has no file to name.
    package static let generatedSampleName = "100 generated items"

    /// 100 items with a repeating mix of sizes: what every command lays out without `--data`,
    /// and `t.run` in a layout test without `data`.
    package static let generatedSample: Dataset = {
        var sample = Dataset.synthetic(count: 100) { i in
            Size(width: 100 + Double((i * 37) % 5) * 40, height: 80 + Double((i * 53) % 7) * 30)
        }
        sample.sourceName = generatedSampleName
        return sample
    }()
}
