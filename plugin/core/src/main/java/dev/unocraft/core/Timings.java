package dev.unocraft.core;

import java.util.Arrays;

/** The last {@link #KEPT} durations of something, for the stats line: count, median, p99 and max. */
final class Timings {
    static final int KEPT = 65_536;     // minutes of a busy server's batches; 512 KB

    private final long[] nanos = new long[KEPT];
    private long count;
    private long max;

    synchronized void record(long n) {
        nanos[(int) (count % KEPT)] = n;
        count++;
        max = Math.max(max, n);
    }

    /** {count, median, p99, max} in nanoseconds; max over every duration recorded, not only the kept ones. */
    synchronized long[] summary() {
        int n = (int) Math.min(count, KEPT);
        if (n == 0) {
            return new long[] {0, 0, 0, 0};
        }
        long[] copy = Arrays.copyOf(nanos, n);
        Arrays.sort(copy);
        return new long[] {count, copy[n / 2], copy[Math.min(n - 1, (int) Math.ceil(n * 0.99) - 1)], max};
    }

    /** Microseconds as milliseconds a reader takes in at a glance: two significant digits below 10 ms ("0.21", "3.9"), whole ones above. */
    static String millis(double us) {
        double ms = us / 1000.0;
        if (ms >= 10) {
            return Long.toString(Math.round(ms));
        }
        if (ms == 0) {
            return "0";
        }
        return new java.math.BigDecimal(ms).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }
}
