package dev.unocraft.core;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.function.Consumer;

/**
 * An object of an op as the engine sent it (an op, or an object inside one: a slot's item, a share),
 * read field by field through here and nowhere else, so that a test can hold what the plugin reads
 * against what the engine declares it sends (engine/unocraft/transport/protocol.py, its schema in
 * the test resources; ProtocolTest). Each read is named {@code op.field}, {@code op.field.inner}.
 */
final class OpFields {
    /** Outside tests nothing is recorded. */
    static final Consumer<String> NOT_RECORDED = path -> { };

    private final JsonObject json;
    private final String path;
    private final Consumer<String> reads;

    private OpFields(JsonObject json, String path, Consumer<String> reads) {
        this.json = json;
        this.path = path;
        this.reads = reads;
    }

    /** The op {@code json}, named by its {@code "op"} field (which it must have, a text). */
    static OpFields of(JsonObject json, Consumer<String> reads) {
        JsonElement kind = json.get("op");
        if (kind == null || !kind.isJsonPrimitive() || !kind.getAsJsonPrimitive().isString()) {
            throw new IllegalArgumentException("\"op\" must be a text");
        }
        return new OpFields(json, kind.getAsString(), reads);
    }

    /** The op's name ({@code "op"}). */
    String kind() {
        return path.contains(".") ? path.substring(0, path.indexOf('.')) : path;
    }

    boolean has(String key) {
        reads.accept(path + "." + key);
        return json.has(key);
    }

    /** The field, or null when absent. */
    JsonElement get(String key) {
        reads.accept(path + "." + key);
        return json.get(key);
    }

    /** The text field {@code key}; a missing or non-text one makes the op bad. */
    String text(String key) {
        JsonElement v = get(key);
        if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) {
            throw new IllegalArgumentException("\"" + key + "\" must be a text");
        }
        return v.getAsString();
    }

    /** The object field {@code key}, read through here too; a missing or other one makes the op bad. */
    OpFields object(String key) {
        JsonElement v = get(key);
        if (v == null || !v.isJsonObject()) {
            throw new IllegalArgumentException("\"" + key + "\" must be an object");
        }
        return new OpFields(v.getAsJsonObject(), path + "." + key, reads);
    }

    /** An object held in the field {@code key} (a map's value, a list's element), read through here too. */
    OpFields inside(String key, JsonElement element, String what) {
        if (!element.isJsonObject()) {
            throw new IllegalArgumentException(what + " must be an object");
        }
        return new OpFields(element.getAsJsonObject(), path + "." + key, reads);
    }

    /** The object itself, for a field whose entries are values, not fields (a map: slots, a completion tree); never changed. */
    JsonObject entries() {
        return json;
    }

    /** The whole object, for what keeps it (Stakes writes it to disk): every field it reads was read here first. */
    JsonObject copy() {
        return json.deepCopy();
    }

    @Override
    public String toString() {
        return json.toString();
    }
}
