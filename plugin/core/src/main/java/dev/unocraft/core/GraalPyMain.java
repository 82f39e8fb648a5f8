package dev.unocraft.core;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;

/**
 * The engine's process on a host without Python: a JVM running GraalPy (from Maven Central, on the
 * class path beside this jar; {@link GraalPyRuntime} builds the command line), which runs
 * {@code python -m unocraft ARGS} with the engine and its pure-Python dependencies on
 * {@code PYTHON_PATH}. The exit code is Python's.
 *
 * <pre>java -cp GRAALPY_JARS:unocraft.jar dev.unocraft.core.GraalPyMain PYTHON_PATH ARGS...</pre>
 */
public final class GraalPyMain {
    private GraalPyMain() {}

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: java -cp GRAALPY_JARS:unocraft.jar dev.unocraft.core.GraalPyMain PYTHON_PATH MODULE ARGS...");
            System.exit(2);
        }
        String[] argv = java.util.Arrays.copyOfRange(args, 1, args.length);     // sys.argv: the module, its arguments
        int code;
        try (Context context = Context.newBuilder("python")
                .allowAllAccess(true)                    // the engine's own process: files, sockets, threads, signals
                .option("python.PythonPath", args[0])
                .arguments("python", argv)
                .build()) {
            // Python's own traceback for an error (the polyglot exception names only the last frames)
            context.eval("python", """
                    import runpy, sys, traceback
                    try:
                        runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)
                    except SystemExit:
                        raise
                    except BaseException:
                        traceback.print_exc()
                        sys.exit(1)
                    """);
            code = 0;
        } catch (PolyglotException e) {
            if (e.isExit()) {
                code = e.getExitStatus();
            } else {
                System.err.println("the engine failed on GraalPy: " + e.getMessage());
                e.printStackTrace();
                code = 1;
            }
        }
        System.exit(code);
    }
}
