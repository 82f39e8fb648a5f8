package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;

/**
 * An op batch as the engine sends it, {@code {"ops": [op, ...]}}, read with its length and its
 * nesting bounded (a batch nested 100,000 deep would otherwise overflow the stack of whichever
 * thread walks it: the parser, a log line's {@code toString}, a component builder). Parsed on the
 * engine's py4j thread, so a malformed batch goes back to the engine as an error and never reaches
 * the server thread.
 */
final class OpBatch {
    /** The longest batch: every card face of every edition fits with room to spare (~22 KB each). */
    static final int MAX_CHARS = 16 * 1024 * 1024;
    /** Deepest nesting of objects and arrays: an op with a component with hover text is ~8 deep. */
    static final int MAX_DEPTH = 64;

    private OpBatch() {}

    /** The batch's ops (each still to be checked where it is applied); refuses a malformed batch. */
    static JsonArray parse(String json) {
        if (json.length() > MAX_CHARS) {
            throw new IllegalArgumentException("an op batch of " + json.length() + " characters (at most " + MAX_CHARS + ")");
        }
        JsonElement root;
        try (JsonReader in = new JsonReader(new StringReader(json))) {
            in.setLenient(false);       // plain JSON only: no comments, no single quotes
            root = read(in, 0);
            if (in.peek() != JsonToken.END_DOCUMENT) {
                throw new IllegalArgumentException("an op batch with more after its end");
            }
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            throw new IllegalArgumentException("an op batch that is not JSON: " + e.getMessage());
        }
        JsonElement ops = root.isJsonObject() ? root.getAsJsonObject().get("ops") : null;
        if (ops == null || !ops.isJsonArray()) {
            throw new IllegalArgumentException("an op batch must be {\"ops\": [...]}");
        }
        return ops.getAsJsonArray();
    }

    /**
     * Gson's tree of the value at the reader, built here rather than by {@code JsonParser} to stop
     * at {@link #MAX_DEPTH} whatever Gson version the server ships (older ones recurse without a limit).
     */
    private static JsonElement read(JsonReader in, int depth) throws IOException {
        JsonToken token = in.peek();
        if ((token == JsonToken.BEGIN_ARRAY || token == JsonToken.BEGIN_OBJECT) && depth >= MAX_DEPTH) {
            throw new IllegalArgumentException("an op batch nested deeper than " + MAX_DEPTH + " levels");
        }
        switch (token) {
            case BEGIN_ARRAY -> {
                JsonArray a = new JsonArray();
                in.beginArray();
                while (in.hasNext()) {
                    a.add(read(in, depth + 1));
                }
                in.endArray();
                return a;
            }
            case BEGIN_OBJECT -> {
                JsonObject o = new JsonObject();
                in.beginObject();
                while (in.hasNext()) {
                    String name = in.nextName();
                    o.add(name, read(in, depth + 1));
                }
                in.endObject();
                return o;
            }
            case STRING -> {
                return new JsonPrimitive(in.nextString());
            }
            case NUMBER -> {
                return new JsonPrimitive(new BigDecimal(in.nextString()));
            }
            case BOOLEAN -> {
                return new JsonPrimitive(in.nextBoolean());
            }
            case NULL -> {
                in.nextNull();
                return JsonNull.INSTANCE;
            }
            default -> throw new IllegalArgumentException("an op batch that is not JSON: " + token + " at " + in.getPath());
        }
    }
}
