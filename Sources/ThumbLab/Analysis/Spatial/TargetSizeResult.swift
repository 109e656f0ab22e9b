import ThumbLabStats

/// What `thumblab target-size` asks for.
public struct TargetSizeRequest: Sendable, Equatable {
    /// The factor whose numeric levels are the target sizes in mm; `nil` to detect one (a
    /// factor whose name contains "size" and whose levels are all numbers), else to use
    /// the targets' width and height through the device.
    public var sizeFactor: String?
    /// The device whose trials are read; `nil` when the selection holds one device only.
    public var device: String?
    /// The error rate whose size the logistic fit reports, 0.05 by default.
    public var targetErrorRate: Double

    public init(sizeFactor: String? = nil, device: String? = nil, targetErrorRate: Double = 0.05) {
        self.sizeFactor = sizeFactor
        self.device = device
        self.targetErrorRate = targetErrorRate
    }
}

/// Where a trial's target size in mm comes from.
public enum TargetSizeSource: Sendable, Equatable {
    /// The levels of a factor, read as mm: named with `--size-factor`, or `detected`.
    case factor(name: String, detected: Bool)
    /// The smaller side of the target (width, height) in px through the device's density,
    /// rounded to 0.1 mm.
    case targetSide(device: Device)
}

/// Time and errors at one target size.
public struct TargetSizeRow: Sendable, Equatable {
    public var sizeMM: Double
    public var trials: Int
    public var participants: Int
    /// Misses over trials with a recorded hit, pooled; adjusted-Wald 95% interval.
    public var misses: Int
    public var errorRate: Double?
    public var errorCILow: Double?
    public var errorCIHigh: Double?
    /// exp of the mean of the participants' mean ln times (ms), with the back-transformed
    /// 95% t interval across participants.
    public var timeGeomean: Double?
    public var timeCILow: Double?
    public var timeCIHigh: Double?
}

/// A point of the fitted error-by-size curve, with its 95% Wald interval.
public struct ErrorCurvePoint: Sendable, Equatable {
    public var sizeMM: Double
    public var errorRate: Double
    public var ciLow: Double
    public var ciHigh: Double
}

/// One size's per-participant error proportions against the largest size's: a one-sided
/// Wilcoxon signed-rank test (alternative: higher at this size), Holm-adjusted across sizes.
public struct SizeThresholdTest: Sendable, Equatable {
    public var sizeMM: Double
    /// Participants with scored trials at both sizes.
    public var participants: Int
    public var test: WilcoxonSignedRankResult?
    /// The one-sided p-value, and after Holm's adjustment; 1 when every difference is zero.
    public var p: Double
    public var pAdjusted: Double
    /// Why there is no test, when there is none.
    public var note: String?

    /// Whether the error rate is significantly above the largest size's at α = .05.
    public var isSignificant: Bool { pAdjusted < 0.05 }
}

/// A target size the guidelines recommend, to draw beside the data.
public struct ReferenceTargetSize: Sendable, Equatable {
    public var name: String
    public var sizeMM: Double
    /// Where the size comes from, and the conversion it assumes.
    public var source: String

    public init(name: String, sizeMM: Double, source: String) {
        self.name = name
        self.sizeMM = sizeMM
        self.source = source
    }

    /// 9.2 mm (Parhi, Karlson & Bederson 2006, one-handed thumb taps on discrete targets),
    /// Apple's 44 pt (1 pt = 1/163 in, the original iPhone's density: 6.86 mm) and
    /// Material's 48 dp (1 dp = 1/160 in: 7.62 mm).
    public static let published = [
        ReferenceTargetSize(
            name: "Parhi et al. 2006", sizeMM: 9.2,
            source:
                "smallest target for one-handed thumb taps without a loss of accuracy (Parhi, Karlson & Bederson 2006)"),
        ReferenceTargetSize(
            name: "Apple HIG 44 pt", sizeMM: 44 * 25.4 / 163,
            source:
                "Human Interface Guidelines minimum hit target; 1 pt = 1/163 in, assuming the original iPhone's density"
        ),
        ReferenceTargetSize(
            name: "Material 48 dp", sizeMM: 48 * 25.4 / 160,
            source: "Material Design minimum touch target; 1 dp = 1/160 in"),
    ]
}

/// What `thumblab target-size` reports: error rate and time per target size, a logistic
/// fit of misses on size, the smallest size whose error rate is not significantly above
/// the largest's, and reference sizes from the literature.
public struct TargetSizeReport: Sendable, Equatable {
    public var selection: SelectionSummary
    public var source: TargetSizeSource
    /// One row per size, ascending.
    public var sizes: [TargetSizeRow]
    /// The trial-level logistic regression of a miss on size in mm; `nil` with one size,
    /// or when it cannot be fitted (see ``notes``).
    public var fit: LogisticRegressionResult?
    public var targetErrorRate: Double
    /// The size at which the fitted error rate equals ``targetErrorRate``; `nil` without a
    /// fit whose error falls with size.
    public var sizeAtTargetErrorRate: Double?
    /// The fitted curve over the tested and reference sizes, for a figure.
    public var curve: [ErrorCurvePoint]
    /// The tests of each smaller size against the largest, ascending.
    public var thresholdTests: [SizeThresholdTest]
    /// The smallest tested size whose error rate, and that of every size between it and
    /// the largest, is not significantly above the largest size's.
    public var smallestSizeNotAboveLargest: Double?
    public var references: [ReferenceTargetSize]
    /// Why a figure is missing, when one is.
    public var notes: [String]
    public var sentences: [String]
    public var methods: String
}
