"""One router per resource: pages, the Heart to Heart game API, statistics, translations."""
