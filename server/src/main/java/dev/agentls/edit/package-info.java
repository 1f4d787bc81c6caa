/**
 * Pure text transforms: SEARCH/REPLACE parsing, the matching cascade, lazy-edit merging and minimal replacements. Strings in, records out; never touches files, clocks, LSP or HTTP.
 */
package dev.agentls.edit;
