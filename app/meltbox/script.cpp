#include "app/meltbox/script.hpp"

#include <SDL.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mb::app {

namespace {

int button_from(const std::string& name) {
  if (name == "right") return SDL_BUTTON_RIGHT;
  if (name == "middle") return SDL_BUTTON_MIDDLE;
  return SDL_BUTTON_LEFT;
}

void push_key(const std::string& spec, unsigned window_id) {
  Uint16 mod = KMOD_NONE;
  std::string rest = spec;
  for (size_t plus; (plus = rest.find('+')) != std::string::npos && plus + 1 < rest.size();) {
    std::string m = rest.substr(0, plus);
    std::transform(m.begin(), m.end(), m.begin(), [](unsigned char c) { return std::tolower(c); });
    if (m == "ctrl") mod |= KMOD_LCTRL;
    if (m == "shift") mod |= KMOD_LSHIFT;
    if (m == "alt") mod |= KMOD_LALT;
    rest = rest.substr(plus + 1);
  }
  const SDL_Keycode key = SDL_GetKeyFromName(rest.c_str());
  for (Uint32 type : {SDL_KEYDOWN, SDL_KEYUP}) {
    SDL_Event e{};
    e.type = type;
    e.key.windowID = window_id;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    e.key.keysym.mod = mod;
    SDL_PushEvent(&e);
  }
}

}  // namespace

Script Script::load(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read script " + path);
  Script script;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string first;
    if (!(words >> first)) continue;
    ScriptEvent e;
    bool ok = first == "frame" && (words >> e.frame >> e.kind);
    if (ok) {
      std::string extra;
      if (e.kind == "mousedown" || e.kind == "mouseup" || e.kind == "mousemove") {
        ok = static_cast<bool>(words >> e.x >> e.y);
        if (words >> extra) e.button = button_from(extra);
      } else if (e.kind == "wheel") {
        ok = static_cast<bool>(words >> e.x >> e.y >> e.amount);
      } else if (e.kind == "key" || e.kind == "save") {
        ok = static_cast<bool>(words >> e.text);
      } else {
        ok = e.kind == "quit" || e.kind == "wait-plan";
      }
    }
    if (!ok)
      throw std::runtime_error(path + ":" + std::to_string(number) + ": cannot read '" + line +
                               "'");
    script.events_.push_back(e);
  }
  std::stable_sort(script.events_.begin(), script.events_.end(),
                   [](const ScriptEvent& a, const ScriptEvent& b) { return a.frame < b.frame; });
  return script;
}

Script::Due Script::push_due(int frame, unsigned window_id) {
  Due due;
  for (; next_ < events_.size() && events_[next_].frame <= frame; ++next_) {
    const ScriptEvent& s = events_[next_];
    SDL_Event e{};
    const int x = static_cast<int>(s.x), y = static_cast<int>(s.y);
    if (s.kind == "mousemove") {
      e.type = SDL_MOUSEMOTION;
      e.motion.windowID = window_id;
      e.motion.x = x;
      e.motion.y = y;
      SDL_PushEvent(&e);
    } else if (s.kind == "mousedown" || s.kind == "mouseup") {
      e.type = s.kind == "mousedown" ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
      e.button.windowID = window_id;
      e.button.button = static_cast<Uint8>(s.button);
      e.button.state = s.kind == "mousedown" ? SDL_PRESSED : SDL_RELEASED;
      e.button.clicks = 1;
      e.button.x = x;
      e.button.y = y;
      SDL_PushEvent(&e);
    } else if (s.kind == "wheel") {
      // SDL_MOUSEWHEEL carries no position: move the mouse there first.
      e.type = SDL_MOUSEMOTION;
      e.motion.windowID = window_id;
      e.motion.x = x;
      e.motion.y = y;
      SDL_PushEvent(&e);
      e = SDL_Event{};
      e.type = SDL_MOUSEWHEEL;
      e.wheel.windowID = window_id;
      e.wheel.y = static_cast<Sint32>(s.amount);
      SDL_PushEvent(&e);
    } else if (s.kind == "key") {
      push_key(s.text, window_id);
    } else if (s.kind == "save") {
      due.saves.push_back(s.text);
    } else if (s.kind == "wait-plan") {
      due.wait_plan = true;
    } else if (s.kind == "quit") {
      e.type = SDL_QUIT;
      SDL_PushEvent(&e);
    }
  }
  return due;
}

}  // namespace mb::app
