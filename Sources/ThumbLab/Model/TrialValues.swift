/// The plain values of a ``TrialRecord``: everything but the participant's label and the
/// factor levels, so that copying one retains and releases nothing. Readers build records
/// in this form, and the writer keeps rows in it until they are bound to an insert.
package struct TrialValues: Equatable, Sendable {
    // Stored without optionals: a missing number is NaN (imported numbers are finite, and
    // SQLite stores NaN as NULL anyway), a missing integer Int.min (no log numbers a block
    // or trial so), a missing hit -1. A row is 128 bytes instead of 248; the reader and the
    // writer copy every row a few times.
    private var storedTargetX: Double
    private var storedTargetY: Double
    private var storedTargetWidth: Double
    private var storedTargetHeight: Double
    private var storedStartX: Double
    private var storedStartY: Double
    private var storedTouchX: Double
    private var storedTouchY: Double
    private var storedTimeMS: Double
    private var storedEffectiveAmplitude: Double
    private var storedDeviation: Double
    private var storedBlock: Int
    private var storedTrial: Int
    private var storedErrors: Int
    private var storedHit: Int8
    /// 1-based line of the source file where the row starts.
    package var line: Int

    package var block: Int? {
        get { Self.integer(storedBlock) }
        set { storedBlock = newValue ?? .min }
    }
    package var trial: Int? {
        get { Self.integer(storedTrial) }
        set { storedTrial = newValue ?? .min }
    }
    package var targetX: Double? {
        get { Self.number(storedTargetX) }
        set { storedTargetX = newValue ?? .nan }
    }
    package var targetY: Double? {
        get { Self.number(storedTargetY) }
        set { storedTargetY = newValue ?? .nan }
    }
    package var targetWidth: Double? {
        get { Self.number(storedTargetWidth) }
        set { storedTargetWidth = newValue ?? .nan }
    }
    package var targetHeight: Double? {
        get { Self.number(storedTargetHeight) }
        set { storedTargetHeight = newValue ?? .nan }
    }
    package var startX: Double? {
        get { Self.number(storedStartX) }
        set { storedStartX = newValue ?? .nan }
    }
    package var startY: Double? {
        get { Self.number(storedStartY) }
        set { storedStartY = newValue ?? .nan }
    }
    package var touchX: Double? {
        get { Self.number(storedTouchX) }
        set { storedTouchX = newValue ?? .nan }
    }
    package var touchY: Double? {
        get { Self.number(storedTouchY) }
        set { storedTouchY = newValue ?? .nan }
    }
    package var timeMS: Double? {
        get { Self.number(storedTimeMS) }
        set { storedTimeMS = newValue ?? .nan }
    }
    package var hit: Bool? {
        get { storedHit < 0 ? nil : storedHit == 1 }
        set { storedHit = newValue.map { $0 ? 1 : 0 } ?? -1 }
    }
    package var errors: Int? {
        get { Self.integer(storedErrors) }
        set { storedErrors = newValue ?? .min }
    }
    package var effectiveAmplitude: Double? {
        get { Self.number(storedEffectiveAmplitude) }
        set { storedEffectiveAmplitude = newValue ?? .nan }
    }
    package var deviation: Double? {
        get { Self.number(storedDeviation) }
        set { storedDeviation = newValue ?? .nan }
    }

    /// Values with nothing recorded but the source line.
    package init(line: Int = 0) {
        storedTargetX = .nan
        storedTargetY = .nan
        storedTargetWidth = .nan
        storedTargetHeight = .nan
        storedStartX = .nan
        storedStartY = .nan
        storedTouchX = .nan
        storedTouchY = .nan
        storedTimeMS = .nan
        storedEffectiveAmplitude = .nan
        storedDeviation = .nan
        storedBlock = .min
        storedTrial = .min
        storedErrors = .min
        storedHit = -1
        self.line = line
    }

    /// Equal when every value is, missing ones alike (a missing number is NaN inside).
    package static func == (left: TrialValues, right: TrialValues) -> Bool {
        left.targetX == right.targetX && left.targetY == right.targetY && left.targetWidth == right.targetWidth
            && left.targetHeight == right.targetHeight && left.startX == right.startX && left.startY == right.startY
            && left.touchX == right.touchX && left.touchY == right.touchY && left.timeMS == right.timeMS
            && left.effectiveAmplitude == right.effectiveAmplitude && left.deviation == right.deviation
            && left.storedBlock == right.storedBlock && left.storedTrial == right.storedTrial
            && left.storedErrors == right.storedErrors && left.storedHit == right.storedHit && left.line == right.line
    }

    @inline(__always) private static func number(_ stored: Double) -> Double? { stored.isNaN ? nil : stored }
    @inline(__always) private static func integer(_ stored: Int) -> Int? { stored == .min ? nil : stored }
}
