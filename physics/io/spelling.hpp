#pragma once
// Is an unknown name a misspelling of a known one? Used by the readers to tell a typo
// (read as the key it resembles, with a warning) from a name they cannot place (an error
// or an "ignored" warning).
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mb {

// The name as compared: lower case, without '_', '-', '.' and blanks, so that
// "default_radius", "Default-Radius" and "DefaultRadius" are the same name.
std::string normalized_name(std::string_view name);

// Optimal-string-alignment distance (Levenshtein plus swaps of neighbours), so "Deafult"
// is one edit from "Default".
int edit_distance(std::string_view a, std::string_view b);

// Index of the candidate closest to `name` (both normalized) when it is within
// `max_edits` and no other candidate is as close; nullopt otherwise. Names shorter than
// four letters match only exactly, so short unknown names are never guessed.
std::optional<size_t> closest_name(std::string_view name, std::span<const std::string> candidates,
                                   int max_edits = 2);

}  // namespace mb
