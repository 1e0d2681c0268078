/// One Int32 per cell, stored inline (no heap), sized for the largest board
/// (``BoardDescription/maxCells``, 256). Only the first `count` entries are meaningful; the
/// unit and Q format are those of the field that holds it.
public typealias CellValues = InlineArray<256, Int32>
