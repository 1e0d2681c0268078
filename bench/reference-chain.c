/*
 * The reference chain of `make bench`: ForcePad's pipeline (ForcePipeline.process) written in
 * plain C for an N-cell strip or grid, so that its instructions per frame can be set beside ForcePad's.
 * With the plain filter it is bit-exact with ForcePad (the benchmark compares every output of
 * every frame); built with REFERENCE_CHAIN_CMSIS, `cmsis` replaces the low-pass filter by
 * CMSIS-DSP's arm_biquad_cascade_df1_q31 (one instance per cell, blockSize 1), which rounds
 * differently and is compared for its cost only.
 *
 *   reference-chain plain|cmsis PARAMETERS FRAMES COUNT [OUTPUT]
 *
 * PARAMETERS and FRAMES are little-endian int64 arrays written by forcepad-bench:
 *   PARAMETERS: cells, spike rejection (0/1), contact threshold (mg), average touch (mg),
 *               baseline shift, filter kind (0 none, 1 one-pole, 2 biquad, 3 one-euro), alpha (Q16),
 *               b0 b1 b2 a1 a2 (Q28), one-euro omega at rest and highest (Q16), beta (Q32),
 *               speed alpha (Q16), rows (1 for a strip; cells are numbered row by row), then
 *               per cell: point count, then (counts, mg) per point.
 *   FRAMES:     frame count, then per frame: time (us), sequence, stale (0/1), counts per cell.
 * COUNT frames are processed, cycling through FRAMES; OUTPUT, when given, receives per frame
 * (int64): force per cell (mg), total (mg), saturated cells, contacts, centroid x and y (Q16),
 * normalised force (Q16), time (us), sequence. Standard output: the sum of the totals.
 * Exit status 0, or 1 with one line on standard error saying what is wrong.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef REFERENCE_CHAIN_CMSIS
#include "arm_math.h"
#endif

/* Cells the chain holds: 64 for the chain that is counted; the benchmark also builds it with
 * -DMAX_CELLS=256 to compare its outputs on the largest pads (the wide contact pass). */
#ifndef MAX_CELLS
#define MAX_CELLS 64
#endif
#define MAX_POINTS (MAX_CELLS * 16)
#define INPUT_LIMIT ((1 << 23) - 1)
#define SPEED_LIMIT_Q16 ((INT64_C(1) << 31) - 1)

struct raw_frame {
    int32_t counts[MAX_CELLS];
    int64_t time_micros;
    uint64_t sequence;
    bool stale;
};

struct force_frame {
    int32_t cell_milligrams[MAX_CELLS];
    int32_t total;
    int32_t saturated_cells;
    int32_t contacts;
    int32_t centroid_x, centroid_y;
    int32_t normalised_q16;
    int64_t time_micros;
    uint64_t sequence;
};

struct chain {
    int cells, rows, columns;
    /* Bits of the cells not in the first column, and not in the last (grid regions). */
    uint64_t not_first_column, not_last_column;
    bool spike_rejection;
    int32_t contact_threshold, average_touch;
    int baseline_shift;
    int filter_kind;
    int64_t alpha_q16, b0, b1, b2, a1, a2;
    int64_t rest_omega_q16, max_omega_q16, beta_q32, speed_alpha_q16;
    /* Calibration: cell k's points are point_counts/point_milligrams[starts[k] .. starts[k+1]). */
    int32_t starts[MAX_CELLS + 1];
    int32_t point_counts[MAX_POINTS], point_milligrams[MAX_POINTS];
    int32_t previous[MAX_CELLS], before_previous[MAX_CELLS];
    bool spikes_primed;
    int64_t baseline_q16[MAX_CELLS];
    int64_t one_pole_q16[MAX_CELLS], speed_q16[MAX_CELLS];
    int64_t x1[MAX_CELLS], x2[MAX_CELLS], y1[MAX_CELLS], y2[MAX_CELLS], remainder[MAX_CELLS];
    bool filter_primed;
    bool use_cmsis;
#ifdef REFERENCE_CHAIN_CMSIS
    arm_biquad_casd_df1_inst_q31 cmsis[MAX_CELLS];
    q31_t cmsis_coefficients[5];
    q31_t cmsis_state[MAX_CELLS][4];
#endif
    int32_t readings[MAX_CELLS];
    struct force_frame output;
};

static int32_t min32(int32_t a, int32_t b) { return a < b ? a : b; }
static int32_t max32(int32_t a, int32_t b) { return a > b ? a : b; }

/* Force for counts above zero on one cell: ForcePad's CalibrationBank.force(cell:counts:). */
static int32_t calibrate(const struct chain *c, int cell, int32_t counts, int *saturated) {
    int first = c->starts[cell], end = c->starts[cell + 1];
    if (counts <= c->point_counts[first]) return c->point_milligrams[first];
    if (counts >= c->point_counts[end - 1]) { (*saturated)++; return c->point_milligrams[end - 1]; }
    int upper = first + 1;
    while (c->point_counts[upper] < counts) upper++;
    int64_t x0 = c->point_counts[upper - 1], x1 = c->point_counts[upper];
    int64_t y0 = c->point_milligrams[upper - 1], y1 = c->point_milligrams[upper];
    int64_t numerator = ((int64_t)counts - x0) * (y1 - y0), denominator = x1 - x0, half = denominator / 2;
    int64_t rounded = numerator >= 0 ? (numerator + half) / denominator : (numerator - half) / denominator;
    return (int32_t)(y0 + rounded);
}

static void filter(struct chain *c, int32_t *mg) {
    for (int cell = 0; cell < c->cells; cell++) mg[cell] = min32(max32(mg[cell], -INPUT_LIMIT), INPUT_LIMIT);
    if (!c->filter_primed) {
        for (int cell = 0; cell < c->cells; cell++) {
            int64_t value = mg[cell];
            c->one_pole_q16[cell] = value << 16;
            c->speed_q16[cell] = 0;
            c->x1[cell] = c->x2[cell] = c->y1[cell] = c->y2[cell] = value << 8;
            c->remainder[cell] = 0;
#ifdef REFERENCE_CHAIN_CMSIS
            c->cmsis_state[cell][0] = c->cmsis_state[cell][1] = (q31_t)(value << 8);
            c->cmsis_state[cell][2] = c->cmsis_state[cell][3] = (q31_t)(value << 8);
#endif
        }
        c->filter_primed = true;
        return;
    }
    if (c->filter_kind == 1) {
        for (int cell = 0; cell < c->cells; cell++) {
            int64_t input = (int64_t)mg[cell] << 16;
            int64_t state = c->one_pole_q16[cell] + (((input - c->one_pole_q16[cell]) * c->alpha_q16 + (1 << 15)) >> 16);
            c->one_pole_q16[cell] = state;
            mg[cell] = (int32_t)((state + (1 << 15)) >> 16);
        }
    } else if (c->filter_kind == 3) {
        /* The 1€ filter: the cut-off's omega rises with the smoothed speed; alpha = omega / (1 + omega). */
        for (int cell = 0; cell < c->cells; cell++) {
            int64_t input = (int64_t)mg[cell] << 16;
            int64_t previous = c->one_pole_q16[cell];
            int64_t raw_speed = input - previous;
            int64_t speed = c->speed_q16[cell] + (((raw_speed - c->speed_q16[cell]) * c->speed_alpha_q16 + (1 << 15)) >> 16);
            speed = speed < -SPEED_LIMIT_Q16 ? -SPEED_LIMIT_Q16 : speed > SPEED_LIMIT_Q16 ? SPEED_LIMIT_Q16 : speed;
            c->speed_q16[cell] = speed;
            int64_t omega = c->rest_omega_q16 + (((speed < 0 ? -speed : speed) * c->beta_q32) >> 32);
            if (omega > c->max_omega_q16) omega = c->max_omega_q16;
            int64_t alpha = (int64_t)((uint64_t)(omega << 16) / (uint64_t)(omega + (1 << 16)));
            int64_t state = previous + ((raw_speed * alpha + (1 << 15)) >> 16);
            c->one_pole_q16[cell] = state;
            mg[cell] = (int32_t)((state + (1 << 15)) >> 16);
        }
    } else if (c->filter_kind == 2 && !c->use_cmsis) {
        for (int cell = 0; cell < c->cells; cell++) {
            int64_t x0 = (int64_t)mg[cell] << 8;
            int64_t accumulator = c->b0 * x0 + c->b1 * c->x1[cell] + c->b2 * c->x2[cell] - c->a1 * c->y1[cell]
                - c->a2 * c->y2[cell] + c->remainder[cell];
            int64_t y0 = (accumulator + (1 << 27)) >> 28;
            c->remainder[cell] = accumulator - (y0 << 28);
            c->x2[cell] = c->x1[cell];
            c->x1[cell] = x0;
            c->y2[cell] = c->y1[cell];
            c->y1[cell] = y0;
            mg[cell] = (int32_t)((y0 + (1 << 7)) >> 8);
        }
    } else if (c->filter_kind == 2) {
#ifdef REFERENCE_CHAIN_CMSIS
        for (int cell = 0; cell < c->cells; cell++) {
            q31_t input = mg[cell] * 256, output;
            arm_biquad_cascade_df1_q31(&c->cmsis[cell], &input, &output, 1);
            mg[cell] = (output + (1 << 7)) >> 8;
        }
#endif
    }
}

static void process(struct chain *c, const struct raw_frame *raw) {
    struct force_frame *out = &c->output;
    out->time_micros = raw->time_micros;
    out->sequence = raw->sequence;
    if (raw->stale) return;
    int cells = c->cells;
    memcpy(c->readings, raw->counts, sizeof(int32_t) * (size_t)cells);
    if (c->spike_rejection) {
        if (!c->spikes_primed) {
            memcpy(c->previous, c->readings, sizeof c->previous);
            memcpy(c->before_previous, c->readings, sizeof c->before_previous);
            c->spikes_primed = true;
        } else {
            for (int cell = 0; cell < cells; cell++) {
                int32_t a = c->before_previous[cell], b = c->previous[cell], v = c->readings[cell];
                c->before_previous[cell] = b;
                c->previous[cell] = v;
                c->readings[cell] = max32(min32(a, b), min32(max32(a, b), v));
            }
        }
    }
    int saturated = 0;
    for (int cell = 0; cell < cells; cell++) {
        int32_t zero = (int32_t)((c->baseline_q16[cell] + (1 << 15)) >> 16);
        out->cell_milligrams[cell] = calibrate(c, cell, max32(c->readings[cell] - zero, 0), &saturated);
    }
    filter(c, out->cell_milligrams);

    int64_t total = 0;
    for (int cell = 0; cell < cells; cell++) total += out->cell_milligrams[cell];
    out->total = total > INT32_MAX ? INT32_MAX : total < INT32_MIN ? INT32_MIN : (int32_t)total;
    out->saturated_cells = saturated;
    /* Contacts on a strip: runs of neighbouring cells at or above the threshold. Centroid:
     * force-weighted centre of those cells, cell k of n centred at (k + 0.5)/n, Q16. */
    int32_t threshold = c->contact_threshold;
    int contacts = 0;
    int64_t sum = 0, sum_x = 0, sum_y = 0;
    if (c->rows == 1) {
        bool inside = false;
        for (int cell = 0; cell < cells; cell++) {
            int32_t value = out->cell_milligrams[cell];
            bool touched = value >= threshold;
            if (touched && !inside) contacts++;
            inside = touched;
            if (touched) {
                sum += value;
                sum_x += (int64_t)value * (2 * cell + 1);
            }
        }
#if MAX_CELLS > 64
    } else if (cells > 64) {
        /* A grid of more than 64 cells: each region flooded from its first cell in contact
         * through its neighbours up, down, left and right. */
        bool unvisited[MAX_CELLS];
        int stack[MAX_CELLS];
        int cell = 0;
        for (int row = 0; row < c->rows; row++) {
            for (int column = 0; column < c->columns; column++, cell++) {
                int32_t value = out->cell_milligrams[cell];
                unvisited[cell] = value >= threshold;
                if (unvisited[cell]) {
                    sum += value;
                    sum_x += (int64_t)value * (2 * column + 1);
                    sum_y += (int64_t)value * (2 * row + 1);
                }
            }
        }
        for (int start = 0; start < cells; start++) {
            if (!unvisited[start]) continue;
            contacts++;
            unvisited[start] = false;
            int depth = 0;
            stack[depth++] = start;
            while (depth > 0) {
                int at = stack[--depth];
                int row = at / c->columns, column = at % c->columns;
                int neighbours[4] = {column > 0 ? at - 1 : -1, column < c->columns - 1 ? at + 1 : -1,
                                     row > 0 ? at - c->columns : -1, row < c->rows - 1 ? at + c->columns : -1};
                for (int k = 0; k < 4; k++) {
                    int next = neighbours[k];
                    if (next >= 0 && unvisited[next]) {
                        unvisited[next] = false;
                        stack[depth++] = next;
                    }
                }
            }
        }
#endif
    } else {
        /* On a grid: a bit per cell in contact, then each region grown from its first cell by
         * shifting its bits one cell up, down, left and right until it stops growing. */
        uint64_t touched = 0;
        int cell = 0;
        for (int row = 0; row < c->rows; row++) {
            int64_t row_sum = 0;
            for (int column = 0; column < c->columns; column++, cell++) {
                int32_t value = out->cell_milligrams[cell];
                if (value >= threshold) {
                    touched |= UINT64_C(1) << cell;
                    row_sum += value;
                    sum_x += (int64_t)value * (2 * column + 1);
                }
            }
            sum += row_sum;
            sum_y += row_sum * (2 * row + 1);
        }
        while (touched) {
            uint64_t region = touched & (~touched + 1);
            for (;;) {
                uint64_t grown = (region | ((region << 1) & c->not_first_column) | ((region >> 1) & c->not_last_column)
                                  | (region << c->columns) | (region >> c->columns)) & touched;
                if (grown == region) break;
                region = grown;
            }
            touched &= ~region;
            contacts++;
        }
    }
    out->contacts = contacts;
#if MAX_CELLS > 64
    if (sum > 0 && cells > 64) {
        /* Beyond 64 cells the Q16 products can pass 2^63: 128-bit arithmetic. */
        __int128 wide = sum;
        out->centroid_x = (int32_t)(((__int128)sum_x * 65536 + wide * c->columns) / (wide * 2 * c->columns));
        out->centroid_y = c->rows == 1 ? 1 << 15 : (int32_t)(((__int128)sum_y * 65536 + wide * c->rows) / (wide * 2 * c->rows));
    } else
#endif
    if (sum > 0) {
        out->centroid_x = (int32_t)((sum_x * 65536 + sum * c->columns) / (sum * 2 * c->columns));
        out->centroid_y = c->rows == 1 ? 1 << 15 : (int32_t)((sum_y * 65536 + sum * c->rows) / (sum * 2 * c->rows));
    } else {
        out->centroid_x = out->centroid_y = 1 << 15;
    }
    int64_t normalised = (total << 16) / (c->average_touch > 1 ? c->average_touch : 1);
    out->normalised_q16 = normalised > INT32_MAX ? INT32_MAX : normalised < INT32_MIN ? INT32_MIN : (int32_t)normalised;

    if (out->total < c->contact_threshold && contacts == 0 && c->baseline_shift > 0) {
        int64_t rounding = (int64_t)1 << (c->baseline_shift - 1);
        for (int cell = 0; cell < cells; cell++) {
            int64_t target = (int64_t)c->readings[cell] << 16;
            c->baseline_q16[cell] += (target - c->baseline_q16[cell] + rounding) >> c->baseline_shift;
        }
    }
}

static int64_t *read_int64s(const char *path, size_t *count) {
    FILE *file = fopen(path, "rb");
    if (!file) { fprintf(stderr, "reference-chain: %s: cannot open\n", path); exit(1); }
    fseek(file, 0, SEEK_END);
    long bytes = ftell(file);
    fseek(file, 0, SEEK_SET);
    *count = (size_t)bytes / sizeof(int64_t);
    int64_t *values = malloc((size_t)bytes + sizeof(int64_t));
    if (!values || fread(values, sizeof(int64_t), *count, file) != *count) {
        fprintf(stderr, "reference-chain: %s: cannot read\n", path);
        exit(1);
    }
    fclose(file);
    return values;
}

static void fail(const char *what) {
    fprintf(stderr, "reference-chain: %s\n", what);
    exit(1);
}

int main(int argc, char **argv) {
    if (argc < 5 || (strcmp(argv[1], "plain") != 0 && strcmp(argv[1], "cmsis") != 0))
        fail("usage: reference-chain plain|cmsis PARAMETERS FRAMES COUNT [OUTPUT]");
    static struct chain c;
    c.use_cmsis = strcmp(argv[1], "cmsis") == 0;
#ifndef REFERENCE_CHAIN_CMSIS
    if (c.use_cmsis) fail("cmsis: built without CMSIS-DSP (compile with -DREFERENCE_CHAIN_CMSIS and its sources)");
#endif
    size_t count, next = 0;
    int64_t *p = read_int64s(argv[2], &count);
    if (count < 17) fail("PARAMETERS: too short");
    c.cells = (int)p[next++];
    if (c.cells < 1 || c.cells > MAX_CELLS) fail("PARAMETERS: cell count out of range");
    c.spike_rejection = p[next++] != 0;
    c.contact_threshold = (int32_t)p[next++];
    c.average_touch = (int32_t)p[next++];
    c.baseline_shift = (int)p[next++];
    c.filter_kind = (int)p[next++];
    c.alpha_q16 = p[next++];
    c.b0 = p[next++]; c.b1 = p[next++]; c.b2 = p[next++]; c.a1 = p[next++]; c.a2 = p[next++];
    c.rest_omega_q16 = p[next++]; c.max_omega_q16 = p[next++]; c.beta_q32 = p[next++]; c.speed_alpha_q16 = p[next++];
    c.rows = (int)p[next++];
    if (c.rows < 1 || c.cells % c.rows != 0) fail("PARAMETERS: rows must divide the cell count");
    c.columns = c.cells / c.rows;
    c.not_first_column = c.not_last_column = ~UINT64_C(0);
#if MAX_CELLS > 64
    /* The column masks serve the grid's 64-bit pass only. */
    if (c.cells <= 64)
#endif
    for (int row = 0; row < c.rows; row++) {
        c.not_first_column &= ~(UINT64_C(1) << (row * c.columns));
        c.not_last_column &= ~(UINT64_C(1) << (row * c.columns + c.columns - 1));
    }
    int points = 0;
    for (int cell = 0; cell < c.cells; cell++) {
        if (next >= count) fail("PARAMETERS: calibration missing");
        int64_t n = p[next++];
        if (n < 2 || points + n > MAX_POINTS || next + 2 * (size_t)n > count) fail("PARAMETERS: bad calibration");
        c.starts[cell] = points;
        for (int64_t k = 0; k < n; k++) {
            c.point_counts[points] = (int32_t)p[next++];
            c.point_milligrams[points++] = (int32_t)p[next++];
        }
    }
    c.starts[c.cells] = points;
    c.output.centroid_x = c.output.centroid_y = 1 << 15;
#ifdef REFERENCE_CHAIN_CMSIS
    /* Q28 → Q30 with postShift 1 (|a1| < 2); CMSIS adds the feedback terms, ForcePad subtracts. */
    q31_t q30[5] = {(q31_t)(c.b0 << 2), (q31_t)(c.b1 << 2), (q31_t)(c.b2 << 2), (q31_t)(-c.a1 << 2), (q31_t)(-c.a2 << 2)};
    memcpy(c.cmsis_coefficients, q30, sizeof q30);
    for (int cell = 0; cell < c.cells; cell++)
        arm_biquad_cascade_df1_init_q31(&c.cmsis[cell], 1, c.cmsis_coefficients, c.cmsis_state[cell], 1);
#endif

    int64_t *f = read_int64s(argv[3], &count);
    size_t stride = 3 + (size_t)c.cells;
    size_t frames = count > 0 ? (size_t)f[0] : 0;
    if (frames == 0 || count != 1 + frames * stride) fail("FRAMES: size does not match its frame count");
    struct raw_frame *raw = calloc(frames, sizeof *raw);
    for (size_t i = 0; i < frames; i++) {
        const int64_t *v = f + 1 + i * stride;
        raw[i].time_micros = v[0];
        raw[i].sequence = (uint64_t)v[1];
        raw[i].stale = v[2] != 0;
        for (int cell = 0; cell < c.cells; cell++) raw[i].counts[cell] = (int32_t)v[3 + cell];
    }
    long long total = atoll(argv[4]);
    if (total < 0) fail("COUNT: must be 0 or more");
    FILE *output = argc > 5 ? fopen(argv[5], "wb") : NULL;
    if (argc > 5 && !output) fail("OUTPUT: cannot open");

    int64_t checksum = 0;
    for (long long i = 0; i < total; i++) {
        process(&c, &raw[(size_t)i % frames]);
        checksum += c.output.total;
        if (output) {
            int64_t row[MAX_CELLS + 9];
            int n = 0;
            for (int cell = 0; cell < c.cells; cell++) row[n++] = c.output.cell_milligrams[cell];
            row[n++] = c.output.total;
            row[n++] = c.output.saturated_cells;
            row[n++] = c.output.contacts;
            row[n++] = c.output.centroid_x;
            row[n++] = c.output.centroid_y;
            row[n++] = c.output.normalised_q16;
            row[n++] = c.output.time_micros;
            row[n++] = (int64_t)c.output.sequence;
            fwrite(row, sizeof(int64_t), (size_t)n, output);
        }
    }
    if (output) fclose(output);
    printf("%lld\n", (long long)checksum);
    return 0;
}
