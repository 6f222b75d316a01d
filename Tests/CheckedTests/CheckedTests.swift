import Checked
import Testing

@Suite struct CheckedTests {
    @Test func secondsRejectWhatIsNotADuration() {
        #expect(Checked.seconds(12.5) == 12.5)
        #expect(Checked.seconds(0) == 0)
        for bad in [-0.5, .nan, .infinity, -.infinity, 1e300, Limits.maxDurationSeconds + 1] {
            #expect(Checked.seconds(bad) == nil, "\(bad)")
        }
        #expect(Checked.seconds(milliseconds: 215_000) == 215)
        #expect(Checked.seconds(milliseconds: 1e300) == nil)
        #expect(Checked.seconds(milliseconds: -1) == nil)
    }

    @Test func intFromDoubleNeverTraps() {
        #expect(Checked.int(3.9, in: 0...10) == 3)
        #expect(Checked.int(3.5, in: 0...10, rounding: .toNearestOrAwayFromZero) == 4)
        #expect(Checked.int(11, in: 0...10) == nil)
        for bad in [Double.nan, .infinity, -.infinity, 1e300, -1e300, Double(Int.max), Double(Int.min) * 2] {
            #expect(Checked.int(bad, in: 0...Int.max) == nil || bad == Double(Int.max), "\(bad)")
        }
        #expect(Checked.int(Double(Int.max), in: 0...Int.max) == Int.max)
        #expect(Checked.clamped(.nan, to: 0...100) == 0)
        #expect(Checked.clamped(1e300, to: 0...100) == 100)
        #expect(Checked.clamped(-.infinity, to: -5...100) == -5)
        #expect(Checked.clamped(42.7, to: 0...100, rounding: .toNearestOrAwayFromZero) == 43)
        #expect(Checked.clamped(Double(Int.max), to: 0...Int.max) == Int.max)
    }

    @Test func intFromTextHasNoOverflow() {
        #expect(Checked.int("42", in: 1...100) == 42)
        #expect(Checked.int("999999999999999999999999", in: 1...100) == nil)
        #expect(Checked.int("-3", in: 1...100) == nil)
        #expect(Checked.int(" 3", in: 1...100) == nil)
        #expect(Checked.int("", in: 1...100) == nil)
    }

    @Test func arithmeticReportsOverflow() {
        #expect(Checked.sum(Int.max, 1) == nil)
        #expect(Checked.product(Int.max / 2, 3) == nil)
        #expect(Checked.product(1 << 20, 1 << 20) == 1 << 40)
    }

    @Test func retryAfterIsOnlyTheDelayForm() {
        #expect(Checked.retryAfterSeconds("120") == 120)
        #expect(Checked.retryAfterSeconds(" 7 ") == 7)
        #expect(Checked.retryAfterSeconds("99999999999999999999") == Limits.maxRetryAfterSeconds)
        for bad in ["-0.5", "nan", "-inf", "inf", "1e3", "0.5", "", "Wed, 21 Oct 2015 07:28:00 GMT", "+5"] {
            #expect(Checked.retryAfterSeconds(bad) == nil, "\(bad)")
        }
        #expect(Checked.retryAfterSeconds(nil) == nil)
    }

    @Test func clockTextForAnyDouble() {
        #expect(ClockText.format(0) == "0:00")
        #expect(ClockText.format(65.9) == "1:05")
        #expect(ClockText.format(3725) == "62:05")
        #expect(ClockText.format(3725, hours: true) == "1:02:05")
        #expect(ClockText.format(.nan) == "0:00")
        #expect(ClockText.format(-4) == "0:00")
        #expect(ClockText.format(1e300, hours: true) == "240:00:00")
        #expect(ClockText.format(.infinity) == "14400:00")
    }

    /// The command syntax's times: to the thousandth, and only as many digits as the value needs.
    @Test func exactClockTextKeepsTheFraction() {
        #expect(ClockText.exact(65.5) == "1:05.5")
        #expect(ClockText.exact(59.999) == "0:59.999")
        #expect(ClockText.exact(3723.25) == "1:02:03.25")
        #expect(ClockText.exact(3600) == "1:00:00")
        #expect(ClockText.exact(.nan) == "0:00")
        #expect(ClockText.exact(-1) == "0:00")
        #expect(ClockText.decimal(83) == "83")
        #expect(ClockText.decimal(0.05) == "0.05")
        #expect(ClockText.decimal(1.2345) == "1.235")
    }

    @Test func terminalTextDropsEscapes() {
        #expect(TerminalText.safe("Song \u{1B}]52;c;ZXZpbA==\u{07} title") == "Song  ]52;c;ZXZpbA==  title")
        #expect(TerminalText.safe("a\u{9B}31mb") == "a 31mb")
        #expect(TerminalText.safe("two\nlines") == "two lines")
        #expect(TerminalText.safe("two\nlines", keepNewlines: true) == "two\nlines")
        #expect(TerminalText.safe("tab\there") == "tab\there")
        #expect(TerminalText.safe("Ünïcödé 星空") == "Ünïcödé 星空")
    }
}
