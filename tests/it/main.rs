//! The integration tests of the chessdip package, in one test binary (one
//! link instead of one per file): whole games through the service and the
//! console, the pictures, the real bot against the fake Discord, and the
//! rules' properties. `support` is what they share. The scenario files run
//! in their own harness (`tests/scenarios.rs`).

mod support;

mod absence;
mod anim_chess_wheel;
mod anim_chessdip;
mod anim_diplomacy_chess;
mod anim_diplomat_chess;
mod anim_service;
mod anim_stream;
mod architecture;
mod arena;
mod backup;
mod bot_seats;
mod bots_accepted;
mod bots_budget;
mod chart;
mod chess_wheel;
mod chess_wheel_console;
mod chessdip_en_passant;
mod chessdip_texts;
mod console_games;
mod counter_limits;
mod create_options;
mod diplomacy_chess;
mod diplomacy_chess_canonical;
mod diplomat_chess_perft;
mod diplomat_chess_rules;
mod diplomat_chess_sample_game;
mod discord;
mod discord_bots;
mod discord_delivery;
mod discord_drawing;
mod discord_limits;
mod discord_names;
mod discord_standings;
mod extend_votes;
mod fixed_time;
mod game_end;
mod kept_reports;
mod leaderboard;
mod lifecycle;
mod lifecycle_model;
mod names;
mod outbox;
mod phone_text;
mod properties_chessdip;
mod properties_chesspolitik;
mod ratings;
mod reliability;
mod render_chess_wheel;
mod render_chessdip;
mod render_diplomacy_chess;
mod render_diplomat_chess;
mod render_final;
mod render_palette;
mod render_samples;
mod scores;
mod seal_page;
mod service;
mod service_hashed;
mod service_texts;
mod storm;
mod ten_years_unattended;
mod timelapse;
mod trust_console;
mod trust_images;
mod trust_rules;
mod trust_service;
mod trust_texts;
mod unrevealed;
mod unseating;
mod winter_console;
