/**
 * Roots and path confinement, the document store, ignore rules, walking and search, atomic writes, checkpoints. Imports nothing of ours.
 */
package dev.agentls.workspace;
