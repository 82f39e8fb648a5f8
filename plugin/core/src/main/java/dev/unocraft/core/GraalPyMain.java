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
        // The context is never closed: closing it kills Python's threads wherever they are, and one
        // killed inside sqlite3 (the statistics thread) crashes the JVM. Python's exit work (atexit,
        // the streams) is done here instead; then the process ends at once with Python's code.
        Context context = Context.newBuilder("python")
                .allowAllAccess(true)                    // the engine's own process: files, sockets, threads, signals
                .option("python.PythonPath", args[0])
                .arguments("python", argv)
                .build();
        int code;
        try {
            context.eval("python", """
                    import atexit, runpy, sys, traceback
                    exit_code = 0
                    try:
                        runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)
                    except SystemExit as e:
                        if e.code is None or isinstance(e.code, int):
                            exit_code = e.code or 0
                        else:
                            print(e.code, file=sys.stderr)
                            exit_code = 1
                    except BaseException:
                        traceback.print_exc()           # Python's own traceback: the polyglot one names few frames
                        exit_code = 1
                    atexit._run_exitfuncs()
                    sys.stdout.flush()
                    sys.stderr.flush()
                    """);
            code = context.getBindings("python").getMember("exit_code").asInt();
        } catch (PolyglotException e) {
            System.err.println("the engine failed on GraalPy: " + e.getMessage());
            e.printStackTrace();
            code = 1;
        }
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(code);
    }
}
