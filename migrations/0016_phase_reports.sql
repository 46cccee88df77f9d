-- Each resolved phase keeps the rules' own report of its resolution
-- (versioned JSON: every order with its outcome as the adjudicator found it,
-- the position it left, and for Diplomacy Chess every step as it ran, tick
-- by tick). Its images, history, export and animations read it instead of
-- resolving the phase again, so they show the result the phase had even if
-- the rules change in a later version. Phases resolved before this
-- migration have NULL here until the service starts: it resolves each of
-- them once more from its stored position and orders and stores the report.
ALTER TABLE phases ADD COLUMN resolution TEXT;
