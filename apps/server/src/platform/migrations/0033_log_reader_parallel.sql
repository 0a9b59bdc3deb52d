-- Log readers' queries may run in parallel (issue 27, docs/logs.md "Performance").
--
-- The functions that name a reader's project and range read pg_backend_pid(), which is a parallel worker's own
-- pid in a worker: they are PARALLEL RESTRICTED, so they run in the leader only. The policies of 0028 call them
-- as scalar subqueries (InitPlans): the leader evaluates them once and passes their values to its workers, so a
-- worker filters by the leader's project and range. Left PARALLEL UNSAFE (the default), they forbade any
-- parallel plan for a reader's query: a week of lines was read and sorted by one process.
alter function basalt_logs.reader_project() parallel restricted;
alter function basalt_logs.reader_from() parallel restricted;
alter function basalt_logs.reader_to() parallel restricted;
