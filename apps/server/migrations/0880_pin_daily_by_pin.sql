-- pin_daily by pin (issue 36): the reports read each pin's rolled days as one index range
-- (analytics-rolled.ts pinHoursSql, per pin of a batch of sites); the primary key leads with the day.
create index if not exists pin_daily_pin_day_idx on pin_daily (com_id, pin_name, day);
