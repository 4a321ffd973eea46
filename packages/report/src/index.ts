/** @js/report: reports for schedlab. */
export {};
