/**
 * Tree-sitter parsing: language by file name, syntax trees and node ranges, comment syntax per language. Imports nothing of ours.
 */
package dev.agentls.syntax;
