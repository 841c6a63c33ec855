import Testing
import TesseraRender

@Suite struct DisplayNumberTests {
    @Test func integralValuesHaveNoFraction() {
        #expect(displayNumber(0) == "0")
        #expect(displayNumber(-0.0) == "0")
        #expect(displayNumber(375) == "375")
        #expect(displayNumber(-12) == "-12")
        #expect(displayNumber(999_999_999_999_999) == "999999999999999")
    }

    @Test func fractionsRoundToTwoDecimals() {
        #expect(displayNumber(3.14159) == "3.14")
        #expect(displayNumber(0.5) == "0.50")
        #expect(displayNumber(-0.5) == "-0.50")
        #expect(displayNumber(2.999) == "3.00")
        #expect(displayNumber(0.001) == "0.00")
        #expect(displayNumber(-0.001) == "0.00")
        #expect(displayNumber(140.35) == "140.35")
        #expect(displayNumber(0.07) == "0.07")
    }

    @Test func fixedPointDigitsAndLimits() {
        #expect(fixedPoint(1.25, decimals: 1) == "1.2")   // half to even, as printf
        #expect(fixedPoint(1.35, decimals: 0) == "1")
        #expect(fixedPoint(2.5, decimals: 0) == "2")
        #expect(fixedPoint(12.3456, decimals: 3) == "12.346")
        #expect(fixedPoint(7, decimals: 2) == "7.00")
        #expect(fixedPoint(.infinity, decimals: 2) == "inf")
        #expect(fixedPoint(-.infinity, decimals: 2) == "-inf")
        #expect(fixedPoint(.nan, decimals: 2) == "nan")
        #expect(displayNumber(1e20) == "1e+20")
        #expect(displayNumber(-1.5e300) == "-1.5e+300")
    }
}
