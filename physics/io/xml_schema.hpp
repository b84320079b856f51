#pragma once
// Every element and attribute the scene XML readers know, in one table, so that what they
// do not know is reported instead of dropped: an unknown attribute, or an element where it
// may not stand, is a warning naming the file and line ("ignored"), with the closest known
// name when there is one. The readers read the elements; this only tells what they skip.
#include <string>

#include "physics/io/warnings.hpp"

namespace tinyxml2 {
class XMLElement;
}  // namespace tinyxml2

namespace mb::xml {

// Walks `root` and everything below it and adds a warning for each unknown element (its
// subtree is skipped) and each unknown attribute. An unknown root adds nothing: the caller
// has already refused it.
void report_unknown(const std::string& origin, const tinyxml2::XMLElement* root,
                    Warnings& warnings);

// True when the schema knows `attribute` on `element` (tests: writers write only these).
bool knows_attribute(const std::string& element, const std::string& attribute);

}  // namespace mb::xml
