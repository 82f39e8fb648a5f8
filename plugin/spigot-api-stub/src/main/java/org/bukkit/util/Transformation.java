// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.util;

public class Transformation {
    public Transformation(org.joml.Vector3f translation, org.joml.Quaternionf leftRotation, org.joml.Vector3f scale, org.joml.Quaternionf rightRotation) { throw new UnsupportedOperationException(); }
    public org.joml.Vector3f getTranslation() { throw new UnsupportedOperationException(); }
    public org.joml.Quaternionf getLeftRotation() { throw new UnsupportedOperationException(); }
    public org.joml.Vector3f getScale() { throw new UnsupportedOperationException(); }
    public org.joml.Quaternionf getRightRotation() { throw new UnsupportedOperationException(); }
}
