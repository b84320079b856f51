#pragma once
// Shared by the gas XML tests: each bad element, put into a <gas> after `species`, is an
// InputError whose message names the file and line and contains the expected words.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"

namespace gas_test {

inline void expect_gas_xml_errors(const std::string& species,
                                  const std::vector<std::pair<const char*, const char*>>& bad) {
  for (const auto& [element, expect] : bad) {
    const std::string text = "<state><gas>" + species + element + "</gas></state>";
    try {
      mb::parse_scene_xml(text, "bad.xml");
      ADD_FAILURE() << element;
    } catch (const mb::InputError& e) {
      EXPECT_NE(std::string(e.what()).find(expect), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("bad.xml: line"), std::string::npos) << e.what();
    }
  }
}

}  // namespace gas_test
