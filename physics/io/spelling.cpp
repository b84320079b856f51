#include "physics/io/spelling.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace mb {

std::string normalized_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == '_' || c == '-' || c == '.' || std::isspace(static_cast<unsigned char>(c))) continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

int edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: d[i][j] = distance of a[0..i) and b[0..j).
  const size_t n = b.size();
  std::vector<int> before(n + 1), prev(n + 1), row(n + 1);
  for (size_t j = 0; j <= n; ++j) prev[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= n; ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, row);
  }
  return prev[n];
}

std::optional<size_t> closest_name(std::string_view name, std::span<const std::string> candidates,
                                   int max_edits) {
  const std::string n = normalized_name(name);
  std::optional<size_t> best;
  int best_distance = max_edits + 1;
  bool tie = false;
  for (size_t k = 0; k < candidates.size(); ++k) {
    const std::string c = normalized_name(candidates[k]);
    const int limit = std::min(n.size(), c.size()) < 4 ? 0 : max_edits;
    const int d = edit_distance(n, c);
    if (d > limit) continue;
    if (d < best_distance) {
      best = k, best_distance = d, tie = false;
    } else if (d == best_distance && normalized_name(candidates[*best]) != c) {
      tie = true;
    }
  }
  if (tie) return std::nullopt;
  return best;
}

}  // namespace mb
