import Testing
import TesseraCore
import TesseraRender

@Suite struct DisplayNumberTests {
    @Test func integralValuesHaveNoFraction() {
        #expect(NumberText.display(0) == "0")
        #expect(NumberText.display(-0.0) == "0")
        #expect(NumberText.display(375) == "375")
        #expect(NumberText.display(-12) == "-12")
        #expect(NumberText.display(999_999_999_999_999) == "999999999999999")
    }

    @Test func fractionsRoundToTwoDecimalsWithoutTrailingZeros() {
        #expect(NumberText.display(3.14159) == "3.14")
        #expect(NumberText.display(0.5) == "0.5")
        #expect(NumberText.display(-0.5) == "-0.5")
        #expect(NumberText.display(2.999) == "3")
        #expect(NumberText.display(0.001) == "0")
        #expect(NumberText.display(-0.001) == "0")
        #expect(NumberText.display(140.35) == "140.35")
        #expect(NumberText.display(0.07) == "0.07")
        #expect(NumberText.display(374.99999999999994) == "375")
        #expect(NumberText.display(347.1428571428571) == "347.14")
        #expect(NumberText.display(.nan) == "nan")
    }

    @Test func fixedPointDigitsAndLimits() {
        #expect(NumberText.fixed(1.25, decimals: 1) == "1.2")   // half to even, as printf
        #expect(NumberText.fixed(1.35, decimals: 0) == "1")
        #expect(NumberText.fixed(2.5, decimals: 0) == "2")
        #expect(NumberText.fixed(12.3456, decimals: 3) == "12.346")
        #expect(NumberText.fixed(7, decimals: 2) == "7.00")
        #expect(NumberText.fixed(.infinity, decimals: 2) == "inf")
        #expect(NumberText.fixed(-.infinity, decimals: 2) == "-inf")
        #expect(NumberText.fixed(.nan, decimals: 2) == "nan")
        #expect(NumberText.display(1e20) == "1e+20")
        #expect(NumberText.display(-1.5e300) == "-1.5e+300")
    }

    /// Counts read as the pages' `toLocaleString('en-US')` writes them: commas between groups of three.
    @Test func groupedDigitsComeInThrees() {
        #expect([0, 7, 999, 1000, 1234, 999_999, 1_000_000, -1234].map(NumberText.grouped)
                == ["0", "7", "999", "1,000", "1,234", "999,999", "1,000,000", "-1,234"])
        #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    /// Counts as the pages' `displayCount` writes them, on the cases Fixtures/display-counts.json
    /// shares with display-number.js (the run page's browser test runs them through the page).
    @Test func theSharedCountCasesReadAsThePagesWriteThem() throws {
        let cases = try PictureNumberTests.cases("display-counts.json")
        #expect(cases.count == 13)
        for (value, text) in cases {
            #expect(NumberText.grouped(Int(value)) == text, "\(value)")
        }
    }

    /// A count with its noun: digits grouped, as every count a person reads; plural unless one.
    @Test func aCountedNounGroupsItsDigits() {
        #expect(NumberText.counted(1988, "item") == "1,988 items")
        #expect(NumberText.counted(1_000_000, "item") == "1,000,000 items")
        #expect(NumberText.counted(999, "test file") == "999 test files")
        #expect(NumberText.counted(1, "item") == "1 item")
        #expect(NumberText.counted(0, "section") == "0 sections")
    }
}
