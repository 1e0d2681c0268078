import ForcePadCore

extension HapticDriverDescription {
    /// The chip this description names: the board file's `model` takes only `drv2605l` today
    /// (`HapticDriverSection.models`), so it is always the DRV2605L; a second model adds its
    /// case here.
    var chip: any HapticDriverChip.Type { DRV2605LChip.self }
}
