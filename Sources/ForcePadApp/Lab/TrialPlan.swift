import ForcePadLabFiles

/// What a trial's description keeps of how its presses are made beside its count: the test
/// stand's presses (nil when made by hand), and for a part that `trial resume` started, the
/// part it continues and the presses the parts before it finished.
struct TrialPlan {
    var stand: RecordedStandCycles?
    var resumes: String?
    var pressesBefore = 0
}
