/// One stage of a trial judged against the reference sensor: the force the pad estimated
/// when the stage fired (`force_g`) beside the force the reference measured at that frame
/// (`reference_g`), and the pad's error, pad − reference. Forces in mg.
public struct StageReferenceComparison: Sendable, Equatable {
    public let stage: PressStage
    /// The pad's estimate at firing, over the stages that have a reference figure.
    public let pad: SampleSummary
    /// The reference force at firing.
    public let reference: SampleSummary
    /// pad − reference at firing: its mean (the bias) and sd (the scatter).
    public let error: SampleSummary
    /// The largest |pad − reference| (mg).
    public let maxAbsoluteError: Int64
    /// Stages that fired without a reference figure (the sensor did not answer then).
    public let withoutReference: Int

    /// Nil when no stage has a reference figure. `firings` are the stage's (pad, reference)
    /// forces at each firing, reference nil when none was measured.
    public init?(stage: PressStage, firings: [(pad: Int64, reference: Int64?)]) {
        let paired = firings.compactMap { firing in firing.reference.map { (pad: firing.pad, reference: $0) } }
        let errors = paired.map { $0.pad - $0.reference }
        guard let pad = SampleSummary(paired.map(\.pad)), let reference = SampleSummary(paired.map(\.reference)),
            let error = SampleSummary(errors)
        else { return nil }
        self.stage = stage
        self.pad = pad
        self.reference = reference
        self.error = error
        maxAbsoluteError = errors.map { abs($0) }.max() ?? 0
        withoutReference = firings.count - paired.count
    }
}
