/// One floating-point value per cell, stored inline (no heap), sized like ``CellValues``
/// for the largest board. Only the first `cellCount` entries are meaningful; the unit is
/// that of the field that holds it.
public typealias ReferenceCellValues<Sample: BinaryFloatingPoint> = InlineArray<256, Sample>
